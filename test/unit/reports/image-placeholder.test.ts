// The box the viewer draws for a report image it does not load (lib/reports/image-placeholder.ts,
// issue 65), by the image's width and height attributes as real reports give them (providerA's seal
// 64x64, providerB's score badge 96x40, its 18 px icons: simulator/report-provider-*.ts). How the
// viewer's sanitiser puts it in place, in real Chromium: test/e2e/report-sanitiser.test.ts.
import { describe, expect, it } from 'vitest';
import { imagePlaceholder } from '@/lib/reports/image-placeholder';

/** The placeholder's SVG, decoded from its data: URL. */
const svgOf = (src: string) => decodeURIComponent(src.replace(/^data:image\/svg\+xml,/, ''));
const size = (w: string | null, h: string | null) =>
  /width="(\d+)" height="(\d+)"/
    .exec(svgOf(imagePlaceholder(w, h)))
    ?.slice(1)
    .join('x');

describe('image placeholder', () => {
  it("takes both attributes, one as a square, none as an icon's size, pixels only", () => {
    expect(size('96', '40')).toBe('96x40');
    expect(size('96px', ' 40 ')).toBe('96x40');
    expect(size('18', null)).toBe('18x18');
    expect(size(null, '18')).toBe('18x18');
    expect(size(null, null)).toBe('24x24');
    // A percentage or a word is no pixel size.
    expect(size('100%', 'auto')).toBe('24x24');
  });

  it('is a data: SVG image the CSP lets in: a box with a picture glyph where it fits, else a dot', () => {
    const seal = imagePlaceholder('64', '64');
    expect(seal).toMatch(/^data:image\/svg\+xml,%3Csvg%20/);
    expect(svgOf(seal)).toContain('<path');
    // An icon's is a dot, not a bordered square (an unticked checkbox beside "No Issue").
    const icon = svgOf(imagePlaceholder('18', '18'));
    expect(icon).not.toContain('<path');
    expect(icon).not.toContain('stroke');
    expect(icon).toContain('<circle');
    // Nothing in it runs or loads.
    expect(svgOf(seal)).not.toMatch(/script|href|url\(|on\w+=/i);
  });
});
