// Where a watched vehicle was seen (the watched page, watched.tsx): each listing's site, dates, last
// price and mileage as its page stated them, and its status. A listing kept by the previous release
// shows that release's last figures, marked as such: it misread discounts and distances, so they are
// the user's own record, never compared (the CSV has them too). On a phone each listing is a block of
// labelled lines (library.css; the labels are the cells' data-label), nothing cut or scrolled.
import { day, distance, money } from '@/lib/memory/history-words';
import { earlierReadings, type ListingMemory, lastPoint, type Point } from '@/lib/memory/listing-memory';

const EARLIER = 'read by an earlier version, not compared';

function Figure({ point, earlier, text }: { point?: Point; earlier?: Point; text(p: Point): string }) {
  if (point) return <>{text(point)}</>;
  if (!earlier) return <>—</>;
  return (
    <>
      {text(earlier)} <span class="muted earlier">({EARLIER})</span>
    </>
  );
}

const mileage = (p: Point) => distance(p[1], p[2] === 'mi' || p[2] === 'km' ? p[2] : null);

export function SightingsTable({ listings, today }: { listings: ListingMemory[]; today: number }) {
  return (
    <table class="sightings">
      <caption>Where it was seen</caption>
      <thead>
        <tr>
          <th scope="col">Site</th>
          <th scope="col">Seen</th>
          <th scope="col">Price</th>
          <th scope="col">Mileage</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {[...listings]
          .sort((a, b) => b.last - a.last)
          .map((l) => {
            const earlier = earlierReadings(l);
            return (
              <tr key={l.k}>
                <th scope="row">
                  <a href={l.url} target="_blank" rel="noreferrer noopener">
                    {l.site}
                  </a>
                </th>
                <td data-label="Seen">
                  {day(l.first, today)}
                  {l.last !== l.first && day(l.last, today) !== day(l.first, today)
                    ? ` to ${day(l.last, today)}`
                    : ''}
                </td>
                <td data-label="Price">
                  <Figure
                    point={lastPoint(l.prices)}
                    earlier={earlier.price}
                    text={(p) => money(p[1], p[2] || null)}
                  />
                </td>
                <td data-label="Mileage">
                  <Figure point={lastPoint(l.miles)} earlier={earlier.miles} text={mileage} />
                </td>
                <td data-label="Status">
                  {l.sold !== undefined ? (
                    'sold'
                  ) : l.relist || l.after !== undefined ? (
                    'relisted'
                  ) : earlier.sold !== undefined ? (
                    <>
                      sold <span class="muted earlier">({EARLIER})</span>
                    </>
                  ) : (
                    'listed'
                  )}
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}
