// A protocol message sent from an extension page, as the popup, options or confirmation would send
// it, in Chromium; the background's answer (its `res`).
import type { Page } from 'playwright-core';
import { wireMessage } from '../../../scripts/wire-message';

export function fromPage<T>(page: Page, type: string, data: unknown): Promise<T> {
  return page.evaluate(
    async (message) => {
      const chrome = (
        globalThis as unknown as {
          chrome: { runtime: { sendMessage(m: unknown): Promise<{ res?: unknown }> } };
        }
      ).chrome;
      return (await chrome.runtime.sendMessage(message)).res as never;
    },
    wireMessage(type, data),
  );
}
