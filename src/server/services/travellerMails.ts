/**
 * Issue 42: every mail to a traveller (the confirmation of a submission, the requests for
 * documents or bank data with their links, the decisions) in the refund's stored language, from
 * the ICU catalogues of src/contracts/i18n. One message per line: a list (claims, documents,
 * fields) is one line per item, never a sentence built by concatenation. In Spanish the mails are
 * exactly the texts they always were (tests/server/travellerLanguage.test.ts compares them).
 * What staff typed (observations, a rejection reason, the documents asked) goes in as written.
 */
import { type Language, translatorOf } from '../../contracts/i18n';

export interface MailParts {
  subject: string;
  text: string;
}

interface Common {
  name: string;
  refundId: number;
  mailbox: string;
  brand: string;
}

const id = (refundId: number) => String(refundId);

export function confirmationMail(
  language: Language,
  input: Common & {
    statusLink: string;
    /** Amounts as exact decimals, dates as 'YYYY-MM-DD', coverage names already in the language. */
    claims: readonly { coverage: string; date: string; currency: string; amount: string }[];
  },
): MailParts {
  const tr = translatorOf(language);
  const { t } = tr;
  const refundId = id(input.refundId);
  return {
    subject: t('mail.confirmationSubject', { refundId }),
    text: [
      t('mail.greeting', { name: input.name }),
      '',
      t('mail.confirmationIntro', { refundId }),
      '',
      t('mail.confirmationClaims'),
      ...input.claims.map((claim) =>
        t('mail.confirmationClaim', {
          coverage: claim.coverage,
          date: tr.date(claim.date),
          currency: claim.currency,
          amount: tr.amount(claim.amount, claim.currency),
        }),
      ),
      '',
      t('mail.confirmationKeepNumber', { refundId, statusLink: input.statusLink }),
      '',
      input.brand,
      '',
      t('mail.confirmationQuestions', { mailbox: input.mailbox }),
    ].join('\n'),
  };
}

export function requestMail(
  language: Language,
  input: Common & {
    kind: 'documents' | 'bank_data';
    /** The documents asked (as staff wrote them) or the bank fields' labels (in Spanish; translated here). */
    items: readonly string[];
    maxFiles: number;
    observations: string;
    link: string;
    /** The link's expiry as 'YYYY-MM-DD' (UTC). */
    expires: string;
  },
): MailParts {
  const tr = translatorOf(language);
  const { t } = tr;
  const refundId = id(input.refundId);
  const documents = input.kind === 'documents';
  return {
    subject: documents ? t('mail.documentsSubject', { refundId }) : t('mail.bankDataSubject', { refundId }),
    text: [
      t('mail.greeting', { name: input.name }),
      '',
      documents ? t('mail.documentsIntro', { refundId }) : t('mail.bankDataIntro', { refundId }),
      ...input.items.map((item) => t('mail.listItem', { item: documents ? item : tr.fromSpanish(item) })),
      '',
      ...(input.observations ? [t('mail.observations', { text: input.observations }), ''] : []),
      documents ? t('mail.documentsUpTo', { maxFiles: input.maxFiles }) : t('mail.bankDataLink'),
      input.link,
      '',
      t('mail.linkExpiry', { expires: tr.date(input.expires), mailbox: input.mailbox }),
      '',
      input.brand,
    ].join('\n'),
  };
}

const signature = (language: Language, mailbox: string, brand: string) => [
  '',
  translatorOf(language).t('mail.signature', { mailbox }),
  '',
  brand,
];

export type DecisionMailInput = Common & { statusLink: string } & (
    | { decision: 'reject'; reason: string }
    | {
        decision: 'approve';
        /** Amounts as exact decimals; coverage names already in the language. */
        claims: readonly { coverage: string; currency: string; approved: string; claimed: string }[];
        /** One per currency, formatted in the language (status.ts `totalsByCurrency`). */
        totals: readonly string[];
      }
    | {
        decision: 'pay';
        totals: readonly string[];
        /** The payment's date as 'YYYY-MM-DD' (UTC). */
        date: string;
        reference: string;
      }
  );

/** The fixed parts of a decision mail in the traveller's language; the reason as staff wrote it. */
export function decisionMail(language: Language, input: DecisionMailInput): MailParts {
  const tr = translatorOf(language);
  const { t } = tr;
  const refundId = id(input.refundId);
  const greeting = [t('mail.greeting', { name: input.name }), ''];
  const footer = signature(language, input.mailbox, input.brand);
  if (input.decision === 'reject')
    return {
      subject: t('mail.rejectedSubject', { refundId }),
      text: [
        ...greeting,
        t('mail.rejectedIntro', { refundId }),
        t('mail.rejectedReason', { reason: input.reason }),
        '',
        t('mail.statusAt'),
        input.statusLink,
        ...footer,
      ].join('\n'),
    };
  if (input.decision === 'approve')
    return {
      subject: t('mail.approvedSubject', { refundId }),
      text: [
        ...greeting,
        t('mail.approvedIntro', { refundId }),
        ...input.claims.map((claim) =>
          t('mail.approvedLine', {
            coverage: claim.coverage,
            approved: tr.money(claim.approved, claim.currency),
            claimed: tr.money(claim.claimed, claim.currency),
          }),
        ),
        '',
        ...input.totals.map((total) => t('decisions.approvedTotal', { total })),
        '',
        t('mail.approvedNext'),
        input.statusLink,
        ...footer,
      ].join('\n'),
    };
  return {
    subject: t('mail.paidSubject', { refundId }),
    text: [
      ...greeting,
      t('mail.paidIntro', { refundId }),
      ...input.totals.map((total) => t('decisions.paidTotal', { total })),
      t('decisions.paidOn', { date: tr.date(input.date) }),
      ...(input.reference ? [t('decisions.paidReference', { reference: input.reference })] : []),
      '',
      t('mail.statusAt'),
      input.statusLink,
      ...footer,
    ].join('\n'),
  };
}
