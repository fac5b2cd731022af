/**
 * Issue 30 §3, staff side: each claim's receipts grouped by the checklist item (the coverage's
 * required documents) they were added under, the items the traveller marked 'No lo tengo' with
 * the reason, and 'Otros documentos' for the rest (and for every file of a refund sent before the
 * checklist, whose files have no item).
 */
import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { messages } from '../../../../contracts/messages';
import { Card, Muted, Subheading } from '../../../ui/primitives';
import { styled } from '../../../ui/theme';
import { text } from './parts';

const checklistText = messages.refundChecklist;

const Group = styled('section', { marginTop: '$3' });
const GroupTitle = styled('h3', { fontSize: '$3', margin: '0 0 $2', fontWeight: 600 });
const ItemTitle = styled('h4', { fontSize: '$2', margin: '$2 0 $1', fontWeight: 600 });
const List = styled('ul', { margin: 0, paddingLeft: '$5' });

interface ItemGroup {
  item: string;
  files: { id: string; name: string }[];
  missingReason: string | null;
}

/** One claim's groups: its checklist in order, items only files or 'No lo tengo' name, then 'Otros documentos'. */
export function itemGroupsOf(
  claim: ReviewedRefund['claims'][number],
  files: ReviewedRefund['files'],
): { groups: ItemGroup[]; others: ItemGroup['files'] } {
  const own = files.filter((file) => file.kind === 'claim' && file.claim === claim.id);
  const missing = claim.missing_items ?? [];
  const items = [
    ...new Set([
      ...(claim.checklist ?? []),
      ...own.flatMap((file) => (file.item ? [file.item] : [])),
      ...missing.map((entry) => entry.item),
    ]),
  ];
  return {
    groups: items.map((item) => ({
      item,
      files: own.filter((file) => file.item === item).map(({ id, name }) => ({ id, name })),
      missingReason: missing.find((entry) => entry.item === item)?.reason ?? null,
    })),
    others: own.filter((file) => !file.item).map(({ id, name }) => ({ id, name })),
  };
}

export function ReceiptsByItem({ refund }: { refund: ReviewedRefund }) {
  return (
    <Card aria-labelledby="refund-receipts-by-item">
      <Subheading id="refund-receipts-by-item">{checklistText.reviewTitle}</Subheading>
      {refund.claims.map((claim, index) => {
        const { groups, others } = itemGroupsOf(claim, refund.files);
        const titleId = `refund-claim-items-${claim.id}`;
        return (
          <Group key={claim.id} aria-labelledby={titleId}>
            <GroupTitle id={titleId}>
              {text.claim(index + 1)} · {claim.coverage}
            </GroupTitle>
            {[...groups, { item: checklistText.otherDocuments, files: others, missingReason: null }].map(
              (group, position) => (
                <section key={group.item} aria-labelledby={`${titleId}-${position}`}>
                  <ItemTitle id={`${titleId}-${position}`}>{group.item}</ItemTitle>
                  {group.missingReason !== null ? (
                    <Muted css={{ margin: 0 }}>
                      {checklistText.reviewMissingReason(group.missingReason)}
                    </Muted>
                  ) : group.files.length ? (
                    <List>
                      {group.files.map((file) => (
                        <li key={file.id}>{file.name}</li>
                      ))}
                    </List>
                  ) : (
                    <Muted css={{ margin: 0 }}>{checklistText.reviewNoFiles}</Muted>
                  )}
                </section>
              ),
            )}
          </Group>
        );
      })}
    </Card>
  );
}
