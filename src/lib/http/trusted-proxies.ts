import proxyaddr from 'proxy-addr';

/**
 * TRUST_PROXY, read once at start: which peers are our own proxies, so their `X-Forwarded-*` headers are believed.
 * Either a hop count (`1`: the right-most X-Forwarded-For entry was written by our one proxy, whoever connects) or,
 * as Express's `trust proxy` takes it, addresses, CIDR ranges and the names `loopback`, `linklocal` and
 * `uniquelocal`, comma-separated: then a peer outside the list is a client, and whatever X-Forwarded-* it sends
 * is ignored, so a client that reaches the port directly cannot pick its own address or origin. Matching is
 * proxy-addr's (IPv4-mapped IPv6 included), not ours.
 */
export interface TrustProxy {
  /** The setting as given, for messages. */
  readonly setting: string;
  /** Whether a proxy is in front at all. */
  readonly enabled: boolean;
  /**
   * How many right-most `X-Forwarded-*` entries our proxies wrote, for a request from `peer` (the socket address)
   * with this `X-Forwarded-For`: 0 when the peer is not a trusted proxy.
   */
  hopsFor(peer: string, forwardedFor: string | string[] | undefined): number;
}

const MAX_HOPS = 10;

/** Parses TRUST_PROXY; throws a message naming what is wrong. */
export function parseTrustProxy(setting: string): TrustProxy {
  const value = setting.trim() || '0';
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`a hop count is 0–${MAX_HOPS}`);
    return { setting: value, enabled: hops > 0, hopsFor: () => hops };
  }
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  let trusted: (address: string, hop: number) => boolean;
  try {
    trusted = proxyaddr.compile(list);
  } catch (err) {
    throw new Error(
      `a hop count, or addresses, CIDR ranges, loopback, linklocal or uniquelocal, comma-separated (${(err as Error).message})`,
      { cause: err },
    );
  }
  return {
    setting: value,
    enabled: true,
    hopsFor(peer, forwardedFor) {
      if (!peer || !trusted(peer, 0)) return 0;
      const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
      const entries = header
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      // Walk left from the peer while each hop is one of our proxies: the first that is not is the client.
      let hops = 1;
      while (hops <= entries.length && hops < MAX_HOPS && trusted(entries[entries.length - hops]!, hops)) hops++;
      return hops;
    },
  };
}
