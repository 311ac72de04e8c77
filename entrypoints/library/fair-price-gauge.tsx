// A watched vehicle's fair-price gauge (issue 57): the line the badge says (lib/memory/market-words.ts),
// how it is worked out, and the comparable cars it rests on, behind a disclosure so the page stays
// short: grouped by site, each site named once (issue 65: not 30 identical links), the cheapest first,
// each car (year and trim, a link to its listing) with its price, that price adjusted to the car judged
// (the fit's own slopes: what the estimate is the typical one of), its mileage and when seen.
import { day } from '@/lib/memory/history-words';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { askedIn, MARKET_EXPLAINED, marketLine, marketSources, priceIn } from '@/lib/memory/market-words';

type Car = NonNullable<MarketAnswer['cars']>[number];

/** The cars by site, each site where its cheapest car stands (the cars come cheapest first). */
function bySite(cars: Car[]): Array<[string, Car[]]> {
  const groups = new Map<string, Car[]>();
  for (const car of cars) groups.set(car.site, [...(groups.get(car.site) ?? []), car]);
  return [...groups];
}

export function FairPriceGauge({ market, today }: { market: MarketAnswer; today: number }) {
  const line = marketLine(market);
  const cars = market.cars ?? [];
  return (
    <section
      class={`notice fair-price ${line.finding && line.tone === 'good' ? 'ok' : line.finding && line.tone === 'warn' ? 'warn' : 'plain'}`}
      aria-label="Fair price"
      data-testid="fair-price"
    >
      <p>{line.text}</p>
      <details>
        <summary>How is the price judged?</summary>
        <p class="muted">
          {marketSources(market)} {MARKET_EXPLAINED}
        </p>
      </details>
      {cars.length > 0 && (
        <details>
          <summary>
            The {cars.length} similar {cars.length === 1 ? 'car' : 'cars'} you've seen
          </summary>
          {cars.some((car) => car.adjusted !== undefined) && (
            <p class="muted">
              Adjusted: what each car would ask at this one's model year, mileage and trim, by the same fit as
              the estimate; the typical adjusted price is the estimate.
            </p>
          )}
          <div class="table-scroll">
            <table class="comparables">
              <caption class="visually-hidden">Similar cars seen by site, cheapest first</caption>
              <thead>
                <tr>
                  <th scope="col">Car</th>
                  <th scope="col">Price</th>
                  <th scope="col">Mileage</th>
                  <th scope="col">Seen</th>
                </tr>
              </thead>
              {bySite(cars).map(([site, group]) => (
                <tbody key={site}>
                  <tr>
                    <th class="site" scope="rowgroup" colSpan={4}>
                      {site}{' '}
                      <span class="muted">· {group.length === 1 ? '1 car' : `${group.length} cars`}</span>
                    </th>
                  </tr>
                  {group.map((car) => {
                    const name = [car.year, car.trim].filter(Boolean).join(' ');
                    return (
                      <tr key={`${car.vin} ${car.site}`}>
                        <th class="car" scope="row">
                          {car.url ? (
                            <a href={car.url} target="_blank" rel="noreferrer noopener">
                              {name}
                              <span class="visually-hidden"> on {site}</span>
                            </a>
                          ) : (
                            name
                          )}
                        </th>
                        <td>
                          {askedIn(car.price, market.currency)}
                          {/* An estimate: rounded as the estimate is. */}
                          {car.adjusted !== undefined && (
                            <span class="adjusted muted">
                              adjusted {priceIn(car.adjusted, market.currency)}
                            </span>
                          )}
                        </td>
                        <td>{car.miles.toLocaleString('en-US')} mi</td>
                        <td>{day(car.seen, today)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              ))}
            </table>
          </div>
        </details>
      )}
      {market.gauge && (
        <p class="muted">Estimate {priceIn(market.gauge.estimate, market.currency)}; not an appraisal.</p>
      )}
    </section>
  );
}
