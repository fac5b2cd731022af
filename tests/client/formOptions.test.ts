/**
 * Issue 18: every option source a form reads is declared in src/contracts/formOptions.ts, and its
 * readers include the form's create and edit permissions (the server's list permission comes
 * from that table).
 */
import { describe, expect, it } from 'vitest';
import { flatFields, optionSourceOf } from '../../src/client/resources/descriptor';
import { DESCRIPTORS } from '../../src/client/resources/descriptors';
import { FORM_OPTION_READERS, type OptionPath } from '../../src/contracts/formOptions';

describe('form option readers', () => {
  for (const descriptor of DESCRIPTORS) {
    it(`${descriptor.routing}: its option sources are readable by its form's users`, () => {
      for (const field of flatFields(descriptor.fields)) {
        const source = optionSourceOf(field);
        if (!source) continue;
        expect(Object.keys(FORM_OPTION_READERS), source.path).toContain(source.path);
        const readers = FORM_OPTION_READERS[source.path as OptionPath];
        for (const needed of [descriptor.section.createPermission, descriptor.editPermission])
          expect(readers, `${descriptor.routing} ${field.name}`).toContainEqual(needed);
      }
    });
  }
});
