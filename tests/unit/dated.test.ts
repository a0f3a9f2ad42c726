import { describe, expect, it } from 'vitest';
import { datedMarkers, resolveDated, withoutDated } from '../../src/lib/site/dated.ts';
import { windowsOf } from '../../src/lib/catalog/windows.ts';

const d = (iso: string) => new Date(iso);
const region = (window: Parameters<typeof datedMarkers>[0], content: string) => {
  const [open, close] = datedMarkers(window);
  return open + content + close;
};

describe('dated regions', () => {
  const page =
    '<ul>' +
    region({ until: d('2026-11-06T00:00:00Z') }, '<li>Lecture</li>') +
    region({ from: d('2026-11-06T00:00:00Z'), until: d('2027-01-19T00:00:00Z') }, '<li>Open day</li>') +
    region({ from: d('2027-01-19T00:00:00Z') }, '<li>Nothing planned</li>') +
    '</ul>';

  it('keeps the regions that hold at the instant, without their markers, and says how long that lasts', () => {
    expect(resolveDated(page, d('2026-11-05T12:00:00Z'))).toEqual({
      text: '<ul><li>Lecture</li></ul>',
      until: d('2026-11-06T00:00:00Z'),
    });
    // A window's start is inside it, its end outside.
    expect(resolveDated(page, d('2026-11-06T00:00:00Z'))).toEqual({
      text: '<ul><li>Open day</li></ul>',
      since: d('2026-11-06T00:00:00Z'),
      until: d('2027-01-19T00:00:00Z'),
    });
    expect(resolveDated(page, d('2030-01-01T00:00:00Z'))).toEqual({
      text: '<ul><li>Nothing planned</li></ul>',
      since: d('2027-01-19T00:00:00Z'),
    });
  });

  it('hides what is inside a region that does not hold, and still counts its changes', () => {
    const nested = region(
      { from: d('2027-01-01T00:00:00Z') },
      `<ul>${region({ until: d('2027-06-01T00:00:00Z') }, '<li>Spring</li>')}</ul>`,
    );
    expect(resolveDated(nested, d('2026-12-01T00:00:00Z'))).toEqual({ text: '', until: d('2027-01-01T00:00:00Z') });
    expect(resolveDated(nested, d('2027-02-01T00:00:00Z')).text).toBe('<ul><li>Spring</li></ul>');
    expect(resolveDated(nested, d('2027-07-01T00:00:00Z')).text).toBe('<ul></ul>');
  });

  it('leaves text without regions as it is, and drops every region for copies made once', () => {
    expect(resolveDated('<p>plain</p>', new Date())).toEqual({ text: '<p>plain</p>' });
    expect(withoutDated(`<p>a</p>${page}<p>b</p>`)).toBe('<p>a</p><ul></ul><p>b</p>');
  });

  it('refuses markers that do not pair up, rather than serve half a page', () => {
    const [open, close] = datedMarkers({});
    expect(() => resolveDated(`${open}<p>`, new Date())).toThrow(/without its closing/);
    expect(() => resolveDated(`<p>${close}`, new Date())).toThrow(/without its opening/);
  });
});

describe('windowsOf', () => {
  const jan = d('2027-01-01T00:00:00Z');
  const jun = d('2027-06-01T00:00:00Z');
  const sep = d('2027-09-01T00:00:00Z');

  it('gives the spans between changes in which a state holds, merged', () => {
    expect(windowsOf([jun, jan], (t) => t < jun)).toEqual([{ until: jun }]);
    expect(windowsOf([jan, jun, sep], (t) => t >= jan && t < sep)).toEqual([{ from: jan, until: sep }]);
    expect(windowsOf([jan, jun, sep], (t) => t < jan || t >= sep)).toEqual([{ until: jan }, { from: sep }]);
    expect(windowsOf([jan], () => false)).toEqual([]);
    expect(windowsOf([], () => true)).toEqual([{}]);
  });
});
