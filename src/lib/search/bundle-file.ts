/**
 * A file the build writes next to the Pagefind bundle (the vocabulary, the word and page vectors), read once per
 * bundle: `read` throws when the build wrote none, and the reader then answers undefined (the feature it feeds is
 * off), without trying again.
 */
export function readOncePerBundle<T>(read: (bundleDir: string) => T): (bundleDir: string) => T | undefined {
  const loaded = new Map<string, T | undefined>();
  return (bundleDir) => {
    if (!loaded.has(bundleDir)) {
      let value: T | undefined;
      try {
        value = read(bundleDir);
      } catch {
        value = undefined;
      }
      loaded.set(bundleDir, value);
    }
    return loaded.get(bundleDir);
  };
}
