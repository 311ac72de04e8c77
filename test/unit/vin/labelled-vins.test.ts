// A value under a name that says "VIN" is a VIN without its check digit only where the rules of VINs
// made outside North America allow (lib/vin/vin-syntax.ts, json-vins.ts). Issue 47: a 1979 car's
// "vin" field on a classifieds page (a 17-character serial, no model-year code in position 10, a
// failed check digit) was badged as a European VIN.
import { describe, expect, it } from 'vitest';
import { vinsInJson, vinsInScriptText } from '@/lib/vin/json-vins';
import { isLabelledVinSyntax, isVinSyntax } from '@/lib/vin/vin-syntax';
import { isVin } from '@/lib/vin/vin-verdict';

describe('labelled values', () => {
  it('no model-year code and a failed check digit: not a VIN, whatever the label says', () => {
    const serial = 'WDB10704401234567'; // a known maker code, "0" in position 10, a wrong check digit
    expect(isLabelledVinSyntax(serial)).toBe(false);
    expect(isVin(serial, true)).toBe(false);
    expect(vinsInJson({ listing: { year: 1979, make: 'Mercedes-Benz', vin: serial } })).toEqual([]);
  });

  it("unless the maker's rule puts a plant there: BMW's European VINs, 0 in position 10 and the plant in 11", () => {
    // A BMW VIN as its maker's key decodes it (Leipzig plant "V"), with no valid check digit.
    expect(isVinSyntax('WBAVB71070VA36703')).toBe(false);
    expect(isLabelledVinSyntax('WBAVB71070VA36703')).toBe(true);
    expect(isVin('WBAVB71070VA36703', true)).toBe(true);
    // A European VIN with a year-code character in position 10 stays a labelled VIN (issue 37's lot).
    expect(isVin('WDD2040481A712345', true)).toBe(true);
  });

  it('a record of a car from before 1981 holds no VIN, even a value that would pass', () => {
    const older = 'WDB10704412006791'; // "1" in position 10: passes the labelled rules
    expect(isLabelledVinSyntax(older)).toBe(true);
    expect(vinsInJson({ year: 1979, make: 'Mercedes-Benz', model: '450SL', vin: older })).toEqual([]);
    expect(vinsInJson({ year: '1979', vin: older })).toEqual([]);
    expect(vinsInJson({ year: 1995, vin: older }).map((f) => f.vin)).toEqual([older]);
    expect(
      vinsInScriptText(`window.listing = { year: 1979, make: 'Mercedes-Benz', vin: '${older}' };`),
    ).toEqual([]);
  });
});
