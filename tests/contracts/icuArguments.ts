/**
 * The arguments of an ICU message, plural and select branches and tags included: what the
 * catalogue tests compare across languages (i18nCatalogue.test.ts, fieldCodes.test.ts).
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

function collect(elements: MessageFormatElement[], withKinds: boolean, found: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      collect(element.children, withKinds, found);
      continue;
    }
    found.add(withKinds ? `${element.value}:${TYPE[element.type]}` : element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) collect(option.value, withKinds, found);
  }
  return found;
}

/** The sorted argument names of `message` ('name:kind' with `kinds`); throws when it does not parse. */
export function icuArguments(message: string, options: { kinds?: boolean } = {}): string[] {
  return [...collect(parse(message), options.kinds ?? false, new Set())].sort();
}
