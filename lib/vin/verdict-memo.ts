// What the background said of each VIN candidate on a page: its decode, or null (not a VIN). A
// candidate is judged once; a "VIN" label near it may turn a rejected one into a VIN, so a labelled
// sighting is judged apart ("VIN+"). Verdicts of VINs that left the page are kept for their return
// (a virtualised list brings them back), up to a bound, the oldest of those gone forgotten first.

export interface VerdictMemo<D> {
  /** The accepted decode of `vin` (labelled or not), or null/undefined when none. */
  verdictOf(vin: string): D | null | undefined;
  /** Whether this sighting still needs the background's verdict. */
  needsJudging(vin: string, labelled: boolean): boolean;
  remember(vin: string, labelled: boolean, decode: D | null): void;
  /** Down to the bound, forgetting the oldest verdicts of VINs no longer on the page. */
  trim(onPage: (vin: string) => boolean): void;
  clear(): void;
}

export function createVerdictMemo<D>(max: number): VerdictMemo<D> {
  const judged = new Map<string, D | null>();
  const key = (vin: string, labelled: boolean) => (labelled ? `${vin}+` : vin);
  const verdictOf = (vin: string) => judged.get(`${vin}+`) ?? judged.get(vin);
  return {
    verdictOf,
    needsJudging: (vin, labelled) => !judged.has(key(vin, labelled)) && !verdictOf(vin),
    remember: (vin, labelled, decode) => void judged.set(key(vin, labelled), decode),
    trim(onPage) {
      for (const k of judged.keys()) {
        if (judged.size <= max) break;
        if (!onPage(k.replace('+', ''))) judged.delete(k);
      }
    },
    clear: () => judged.clear(),
  };
}
