/**
 * Issue 42: the portal's language selector, on every portal page: each language's name written in
 * that language (Español, Português, English), marked with its `lang`, the current one pressed.
 */
import { LANGUAGE_NAMES, LANGUAGES } from '../../../contracts/i18n/core';
import { selectLanguage, useTranslator } from '../../refund/language';
import { styled } from '../../ui/theme';

const Choices = styled('nav', { display: 'flex', gap: '$2', alignItems: 'center', fontSize: '$2' });
const Choice = styled('button', {
  background: 'transparent',
  color: 'white',
  border: '1px solid transparent',
  borderRadius: '$1',
  padding: '$1 $2',
  cursor: 'pointer',
  font: 'inherit',
  fontWeight: 400,
  '&[aria-pressed="true"]': { borderColor: 'white', fontWeight: 700 },
  '&:focus-visible': { outline: '2px solid white', outlineOffset: 2 },
});

export function LanguageSelector() {
  const { language, t } = useTranslator();
  return (
    <Choices aria-label={t('portal.languageLabel')} data-testid="language-selector">
      {LANGUAGES.map((option) => (
        <Choice
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          onClick={() => selectLanguage(option)}
        >
          {LANGUAGE_NAMES[option]}
        </Choice>
      ))}
    </Choices>
  );
}
