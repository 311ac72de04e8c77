// NHTSA's free facts in a badge's panel (issue 46), asked when the panel opens (the user acted on
// this vehicle) and only if the user turned them on; otherwise one line and the way to the options,
// where the browser is asked. Words are generated content (`W`), as the rest of the panel's.
import { Component } from 'preact';
import { type Result, unanswered } from '@/lib/errors/result';
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
import type { BadgeActions } from '../vin.content/badge/panel-contract';

const W = ({ t }: { t: string }) => <span data-w={t} />;

interface Props {
  vin: string;
  title: string;
  actions: BadgeActions;
  /** The panel already warns of the listing against the VIN's offline decode: not said twice. */
  warned: boolean;
}

export class FreeFactsPart extends Component<Props, { answer: Result<FreeFactsAnswer> | null }> {
  override state = { answer: null as Result<FreeFactsAnswer> | null };

  override componentDidMount() {
    this.props.actions
      .freeFacts(this.props.vin)
      .catch(unanswered)
      .then((answer) => this.setState({ answer }));
  }

  render() {
    const { answer } = this.state;
    const { vin, title, actions } = this.props;
    if (!answer)
      return (
        <p class="muted free" role="status">
          <W t="Asking NHTSA (free)…" />
        </p>
      );
    if (!answer.ok)
      return (
        <p class="error free" data-testid="free-facts">
          <W t={`Free NHTSA facts: ${answer.error.message}`} />
        </p>
      );
    if (!answer.value.on)
      return (
        <p class="muted free" data-testid="free-facts">
          <W t="Free NHTSA facts (recalls, complaints, crash ratings) are off. " />
          <button
            type="button"
            class="link"
            aria-label="Turn them on in the options"
            onClick={() => actions.turnOnFreeFacts()}
          >
            <W t="Turn them on in the options…" />
          </button>
        </p>
      );
    const { facts } = answer.value;
    const decode = readDecode(facts.decode);
    const against = listingAgainstDecode(decode, title);
    const shown = against && !(against.alarm && this.props.warned) ? against : null;
    const problem = problemWords(decode);
    const model = facts.model;
    const recalls = model?.ok ? recallsInOrder(model.value.recalls) : [];
    return (
      <div class="free" data-testid="free-facts">
        <p class="free-head">
          <W t="Free facts from NHTSA" />
        </p>
        <p>
          <W t={decodeWords(decode)} />
        </p>
        {problem && (
          <p class="warning">
            <W t={problem} />
          </p>
        )}
        {shown && (
          <p class={shown.alarm ? 'warning' : 'muted'} role={shown.alarm ? 'alert' : undefined}>
            <W t={shown.words} />
          </p>
        )}
        {model && !model.ok && (
          <p class="error">
            <W t={`Recalls, complaints and ratings: ${model.error.message}`} />
          </p>
        )}
        {model?.ok && (
          <>
            <p class={recalls.some((r) => r.parkIt || r.parkOutSide) ? 'warning' : ''}>
              <W t={recallHeadline(recalls, decode)} />{' '}
              <a
                href={recallLookupUrl(vin)}
                target="_blank"
                rel="noreferrer"
                aria-label={RECALL_LOOKUP_WORDS}
              >
                <W t={RECALL_LOOKUP_WORDS} />
              </a>
            </p>
            {recalls.slice(0, 3).map((r) => (
              <p key={r.NHTSACampaignNumber} class="recall">
                <W t={recallLine(r)} />
              </p>
            ))}
            <p>
              <W t={complaintWords(model.value.complaints)} />
            </p>
            <p>
              <W t={ratingWords(model.value.rating)} />
            </p>
          </>
        )}
      </div>
    );
  }
}
