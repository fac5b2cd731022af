/** The refund review's shared parts: its catalogue texts and the label/value entries of its cards. */
import type { ReactNode } from 'react';
import { messages } from '../../../../contracts/messages';
import { findCountryByIso3 } from '../../../../contracts/static';

export const text = messages.refundReview;

export const countryName = (iso3: string) => findCountryByIso3(iso3)?.name ?? iso3;

/** A label and its value, as a definition list entry. */
export function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 180 }}>
      <dt style={{ fontWeight: 600, fontSize: '0.85em' }}>{label}</dt>
      <dd style={{ margin: 0 }}>{children || '—'}</dd>
    </div>
  );
}

export const Items = ({ children }: { children: ReactNode }) => (
  <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '12px 24px', margin: 0 }}>{children}</dl>
);
