// Saves text the page made (a CSV, a report's HTML) as a file the user downloads.

export function downloadFile(text: string, type: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  // The browser has read it once the click is handled; a later revoke leaves it time.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
