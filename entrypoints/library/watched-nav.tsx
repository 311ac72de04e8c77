// The library's two pages: the reports held, and the watched vehicles (library.html#watched: the popup
// links there). Switched by the address's fragment, so each can be bookmarked and reloaded.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { WatchedVehicles } from './watched';

const isWatched = () => location.hash === '#watched';

export function WatchedNav({ reports }: { reports: ComponentChildren }) {
  const [watched, setWatched] = useState(isWatched());
  useEffect(() => {
    const follow = () => setWatched(isWatched());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return (
    <>
      <nav class="library-nav" aria-label="Library">
        <a href="#reports" aria-current={watched ? undefined : 'page'}>
          Your reports
        </a>
        <a href="#watched" aria-current={watched ? 'page' : undefined}>
          Watched vehicles
        </a>
        <a href="workbench.html">Workbench</a>
      </nav>
      {watched ? (
        <main class="library">
          <WatchedVehicles />
        </main>
      ) : (
        reports
      )}
    </>
  );
}
