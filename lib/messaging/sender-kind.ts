// Who sent a message to the background, judged only from what the browser vouches for.

export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: { id?: number; incognito?: boolean };
  frameId?: number;
}

export interface Self {
  id: string;
  /** "chrome-extension://<id>" or "moz-extension://<uuid>". */
  origin: string;
}

export type SenderKind = 'extension-page' | 'content-script' | 'untrusted';

/** A sender as handlers see it: what the browser vouches for, and who that makes it (guard.ts). */
export interface Sender extends SenderInfo {
  kind: SenderKind;
}

/** Extension pages may do everything; content scripts only what a web page may ask for. */
export function classifySender(sender: SenderInfo | undefined, self: Self): SenderKind {
  if (!sender || sender.id !== self.id) return 'untrusted';
  const url = sender.url ?? '';
  if (url === self.origin || url.startsWith(`${self.origin}/`)) return 'extension-page';
  if (sender.tab && typeof sender.tab.id === 'number' && /^https?:/.test(url)) return 'content-script';
  return 'untrusted';
}
