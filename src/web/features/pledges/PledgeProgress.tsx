import { useId } from 'react';
import { formatCedis, formatGhs } from '../../../shared/format.ts';
import { OFFERING_TYPE_LABELS } from '../../../shared/giving.ts';
import type { Pledge } from '../../../shared/pledges.ts';
import './pledges.css';
import { m } from '../../../paraglide/messages.js';
import { withPart } from '../../components/message-part.tsx';

/** What a pledge is for: its campaign, or its type. */
export const pledgeName = (pledge: Pledge) =>
  pledge.campaign?.name ?? OFFERING_TYPE_LABELS[pledge.type] ?? pledge.type;

/** A pledge's progress: given of pledged, in GHS and percent, with a bar. */
export function PledgeProgress({ pledge }: { pledge: Pledge }) {
  const id = useId();
  return (
    <div className="pledge-progress">
      <p id={`${id}-label`} className="pledge-progress-text">
        {withPart(
          (mark) => m.pledges_progress({ given: mark, amount: formatCedis(pledge.amount) }),
          <strong>{formatGhs(pledge.given)}</strong>,
        )}{' '}
        <span className="pledge-percent" data-testid="pledge-percent">
          {pledge.percent}%
        </span>
      </p>
      {/* The native bar: its value is announced; the text above says it in words. */}
      <progress
        className="pledge-bar"
        max={pledge.amount}
        value={Math.min(pledge.given, pledge.amount)}
        aria-labelledby={`${id}-label`}
      />
    </div>
  );
}
