// A busy social feed (the shape of a curated site's timeline, and of a marketplace feed): 300 posts,
// counters ticking every 50 ms, a post prepended every 250 ms (4 a second), classes toggled. With
// `vins`, every post (those at load and each new one) carries a VIN in its text, as a marketplace
// post does; without, it is a feed with no vehicle at all. The page's own script is the workload
// the extension runs beside: the benchmark measures what the extension adds to it.
import { makeVin, rng } from '../samples/listing-page';

export function feedPage(withVins: boolean): string {
  const random = rng(7);
  // Enough VINs for the posts at load and 4 a second for several minutes.
  const vins = Array.from({ length: 2000 }, () => makeVin(random));
  const script = `
    const VINS = ${JSON.stringify(withVins ? vins : [])};
    let next = 0;
    const feed = document.getElementById('feed');
    function post(i) {
      const el = document.createElement('article');
      el.className = 'post';
      const vin = VINS.length ? ' VIN: ' + VINS[next++ % VINS.length] : '';
      el.innerHTML = '<header><b>user' + i + '</b> <time>now</time></header>' +
        '<p>Post number ' + i + ': looking for opinions on this one.' + vin + '</p>' +
        '<footer><span class="likes">0</span> likes · <span class="replies">0</span> replies</footer>';
      return el;
    }
    for (let i = 0; i < 300; i++) feed.append(post(i));
    let count = 300;
    setInterval(() => {
      const likes = feed.querySelectorAll('.likes');
      for (let k = 0; k < 20; k++) {
        const el = likes[(Math.random() * likes.length) | 0];
        el.textContent = String(Number(el.textContent) + 1);
      }
    }, 50);
    setInterval(() => {
      feed.prepend(post(count++));
      if (feed.children.length > 400) feed.lastElementChild.remove();
    }, 250);
    setInterval(() => {
      const posts = feed.children;
      for (let k = 0; k < 10; k++) posts[(Math.random() * posts.length) | 0].classList.toggle('seen');
    }, 100);
  `;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Feed</title>
<style>.post{border-bottom:1px solid #ddd;padding:8px;font:14px system-ui}.seen{background:#f6f6f6}</style></head>
<body><main id="feed"></main><script>${script}</script></body></html>`;
}
