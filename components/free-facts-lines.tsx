// NHTSA's free facts for one VIN on the extension's own pages (issue 46): the popup's VIN box, the
// report viewer beside key facts. Asked once shown (the user acted on this VIN); off says where to
// turn them on, a failure says why, and neither costs anything.
import { useEffect, useState } from 'preact/hooks';
import { type Result, unanswered } from '@/lib/errors/result';
import { ask } from '@/lib/messaging/messaging';
import {
  complaintWords,
  decodeWords,
  listingAgainstDecode,
  problemWords,
  RECALL_LOOKUP_WORDS,
  ratingWords,
  recallHeadline,
  recallLine,
  recallLookupUrl,
} from '@/lib/nhtsa/free-facts-words';
import type { FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
import { readDecode, recallsInOrder } from '@/lib/nhtsa/read-facts';
import type { Vin } from '@/lib/vin/vin-syntax';

/** `claims`: what the page says the vehicle is (a report's title), checked against the decode. */
export function FreeFactsLines({ vin, claims = '' }: { vin: Vin; claims?: string }) {
  const [answer, setAnswer] = useState<Result<FreeFactsAnswer> | null>(null);
  useEffect(() => {
    setAnswer(null);
    ask('getFreeFacts', { vin }).catch(unanswered).then(setAnswer);
  }, [vin]);
  if (!answer)
    return (
      <p class="muted" role="status">
        Asking NHTSA (free)…
      </p>
    );
  if (!answer.ok) return <p class="field-error">Free NHTSA facts: {answer.error.message}</p>;
  if (!answer.value.on)
    return (
      <p class="muted" data-testid="free-facts">
        Free NHTSA facts (recalls, complaints, crash ratings) are off:{' '}
        <a href="options.html#free-facts" target="_blank" rel="noreferrer">
          turn them on in the settings
        </a>
        .
      </p>
    );
  const { facts } = answer.value;
  const decode = readDecode(facts.decode);
  const problem = problemWords(decode);
  const against = listingAgainstDecode(decode, claims);
  const model = facts.model;
  const recalls = model?.ok ? recallsInOrder(model.value.recalls) : [];
  return (
    <div class="free-facts" data-testid="free-facts">
      <p>
        <strong>Free facts from NHTSA:</strong> {decodeWords(decode)}
      </p>
      {problem && <p class="notice">{problem}</p>}
      {against && <p class={against.alarm ? 'notice' : 'muted'}>{against.words}</p>}
      {model && !model.ok && (
        <p class="field-error">Recalls, complaints and ratings: {model.error.message}</p>
      )}
      {model?.ok && (
        <>
          <p>
            {recallHeadline(recalls, decode)}{' '}
            <a href={recallLookupUrl(vin)} target="_blank" rel="noreferrer">
              {RECALL_LOOKUP_WORDS}
            </a>
          </p>
          {recalls.length > 0 && (
            <ul class="recalls">
              {recalls.slice(0, 5).map((r) => (
                <li key={r.NHTSACampaignNumber}>{recallLine(r)}</li>
              ))}
            </ul>
          )}
          <p>{complaintWords(model.value.complaints)}</p>
          <p>{ratingWords(model.value.rating)}</p>
        </>
      )}
    </div>
  );
}
