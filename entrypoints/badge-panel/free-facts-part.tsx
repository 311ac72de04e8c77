// NHTSA's free facts in a badge's panel (issue 46), asked when the panel opens (the user acted on
// this vehicle) and only if the user turned them on; otherwise one line and the way to the options,
// where the browser is asked. Words are generated content (`W`), as the rest of the panel's.
import { Component } from 'preact';
import { type Result, unanswered } from '@/lib/errors/result';
import {
  type FactLine,
  freeFactsShown,
  RECALL_LOOKUP_WORDS,
  recallLookupUrl,
} from '@/lib/nhtsa/free-facts-words';
import type { FreeFactsAnswer } from '@/lib/nhtsa/nhtsa-messages';
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
    const lines = freeFactsShown(answer.value.facts, title, { warned: this.props.warned, recalls: 3 });
    const CLASS: Record<FactLine['tone'], string> = {
      plain: '',
      warn: 'warning',
      alarm: 'warning',
      note: 'muted',
      error: 'error',
      recall: 'recall',
    };
    return (
      <div class="free" data-testid="free-facts">
        <p class="free-head">
          <W t="Free facts from NHTSA" />
        </p>
        {lines.map((line) => (
          <p key={line.text} class={CLASS[line.tone]} role={line.tone === 'alarm' ? 'alert' : undefined}>
            <W t={line.text} />
            {line.lookup && (
              <>
                {' '}
                <a
                  href={recallLookupUrl(vin)}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={RECALL_LOOKUP_WORDS}
                >
                  <W t={RECALL_LOOKUP_WORDS} />
                </a>
              </>
            )}
          </p>
        ))}
      </div>
    );
  }
}
