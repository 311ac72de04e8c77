// The manufacturer-code prefixes the background's verdict needs (lib/vin/wmi.ts), read once per
// worker life from the package's own data file (written at build time from lib/vin/wmi-prefixes.ts,
// wxt.config.ts): data the worker needs only when a page reports candidates, not code it parses at
// every start. A failed read is said by the message that needed it, and the next one reads again.
import { browser } from 'wxt/browser';
import { useWmiPrefixes, wmiPrefixesLoaded } from '@/lib/vin/wmi';

export const WMI_FILE = 'wmi-prefixes.txt';

let loading: Promise<void> | undefined;

export function manufacturerCodes(): Promise<void> {
  if (wmiPrefixesLoaded()) return Promise.resolve();
  // Not in WXT's list of public paths (written by a build hook), hence the plain string.
  loading ??= fetch((browser.runtime.getURL as (path: string) => string)(`/${WMI_FILE}`))
    .then((response) => response.text())
    .then(useWmiPrefixes)
    .finally(() => {
      loading = undefined;
    });
  return loading;
}
