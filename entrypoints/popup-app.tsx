// The popup's second step (popup-first.tsx paints the headline first): the whole popup, rendered
// into a new root that replaces the first paint in the same task, so nothing flickers. A bundle of
// its own with its own Preact: the first paint's tree is never diffed by this copy, only replaced.
import { render } from 'preact';
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { App } from './popup/app';
import { readFirstHeadline } from './popup/first-headline';

export default defineUnlistedScript(() => {
  void readFirstHeadline().then((headline) => {
    const painted = document.getElementById('app')!;
    const root = document.createElement('div');
    render(<App first={headline} />, root);
    root.id = 'app';
    painted.replaceWith(root);
  });
});
