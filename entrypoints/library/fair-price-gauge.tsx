// A watched vehicle's fair-price gauge (issue 57): the line the badge says (lib/memory/market-words.ts),
// how it is worked out, and the comparable cars it rests on (site, year and trim, price, mileage, when
// seen, a link to each listing), cheapest first, behind a disclosure so the page stays short.
import { day } from '@/lib/memory/history-words';
import type { MarketAnswer } from '@/lib/memory/market-answer';
import { MARKET_EXPLAINED, marketLine, marketSources, priceIn } from '@/lib/memory/market-words';

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
          <div class="table-scroll">
            <table class="comparables">
              <caption class="visually-hidden">Similar cars seen, cheapest first</caption>
              <thead>
                <tr>
                  <th scope="col">Site</th>
                  <th scope="col">Car</th>
                  <th scope="col">Price</th>
                  <th scope="col">Mileage</th>
                  <th scope="col">Seen</th>
                </tr>
              </thead>
              <tbody>
                {cars.map((car) => (
                  <tr key={`${car.vin} ${car.site}`}>
                    <th scope="row">
                      {car.url ? (
                        <a href={car.url} target="_blank" rel="noreferrer noopener">
                          {car.site}
                        </a>
                      ) : (
                        car.site
                      )}
                    </th>
                    <td>{[car.year, car.trim].filter(Boolean).join(' ')}</td>
                    <td>{`${market.currency === 'USD' ? '$' : ''}${car.price.toLocaleString('en-US')}${market.currency === 'USD' ? '' : ` ${market.currency}`}`}</td>
                    <td>{car.miles.toLocaleString('en-US')} mi</td>
                    <td>{day(car.seen, today)}</td>
                  </tr>
                ))}
              </tbody>
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
