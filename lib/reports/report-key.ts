// Report ids are unique within a provider only: everything that keys reports across both providers
// (counts at purchase, the library's offline marks, lists) uses this one key.

/** "providerA:<id>": a report's key across providers. */
export const reportKey = (report: { provider: string; id: string }): string =>
  `${report.provider}:${report.id}`;
