import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifySender } from '@/lib/messaging/sender-kind';

const self = { id: 'abc', origin: 'chrome-extension://abc' };

describe('classifySender', () => {
  it('knows extension pages, content scripts and strangers apart', () => {
    expect(classifySender({ id: 'abc', url: 'chrome-extension://abc/popup.html' }, self)).toBe(
      'extension-page',
    );
    expect(classifySender({ id: 'abc', url: 'https://www.cars.com/x', tab: { id: 1 } }, self)).toBe(
      'content-script',
    );
    expect(classifySender({ id: 'abc', url: 'chrome-extension://abcd/popup.html' }, self)).toBe('untrusted');
    expect(classifySender({ id: 'evil', url: 'chrome-extension://abc/popup.html' }, self)).toBe('untrusted');
    expect(classifySender(undefined, self)).toBe('untrusted');
  });

  it('never calls a web page URL an extension page, whatever it looks like', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.option(fc.nat()), (url, tabId) => {
        const kind = classifySender(
          { id: 'abc', url, ...(tabId === null ? {} : { tab: { id: tabId } }) },
          self,
        );
        expect(kind).not.toBe('extension-page');
      }),
    );
  });
});
