// The popup's first step: the headline the background keeps (popup/first-headline.ts), painted with
// the few components it needs, from one self-contained script; then the rest of the popup
// (popup-app.tsx: messaging, schemas, every other section), which takes over with the same headline.
// Why two scripts and one file each: a blank extension page opens in about 35 ms here, and every file
// an extension page asks for before painting costs about as much again (the browser serves an
// extension's files and its storage from the same process). The whole popup as modules (12 files)
// showed the credits at 2.2x a blank page; its first paint as modules still at 1.9x (5 files and two
// stylesheets, bench:popup). This file carries the styles too, for the same reason.
import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import theme from '@/components/theme.css?inline';
import { ok } from '@/lib/errors/result';
import { readFirstHeadline } from './popup/first-headline';
import popupStyle from './popup/popup.css?inline';
import { PopupHead } from './popup/popup-head';

export default defineUnlistedScript(() => {
  const style = document.createElement('style');
  style.textContent = theme + popupStyle;
  document.head.append(style);
  const root = document.getElementById('app')!;
  void readFirstHeadline().then(({ account, names }) => {
    if (account) {
      try {
        render(
          <main>
            <PopupHead account={ok(account)} refreshing ledger={null} names={names} />
          </main>,
          root,
        );
      } catch (error) {
        // A headline of an unexpected shape: nothing painted early; the whole popup parses its own.
        console.warn('[popup] first paint skipped:', error);
        root.textContent = '';
      }
    }
    // After a task, so the browser may paint the headline before the rest is asked for.
    setTimeout(() =>
      document.body.append(Object.assign(document.createElement('script'), { src: '/popup-app.js' })),
    );
  });
});
