/**
 * The faker locale definitions we build on, imported per locale: each `@faker-js/faker/locale/<x>`
 * entry costs a few milliseconds, while the package's main entry builds all ~70 fakers (~0.5 s).
 * Only `rawDefinitions` is read; no faker helper is ever called.
 */
import type { LocaleDefinition } from '@faker-js/faker';
import { faker as ar } from '@faker-js/faker/locale/ar';
import { faker as da } from '@faker-js/faker/locale/da';
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as en } from '@faker-js/faker/locale/en';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as fa } from '@faker-js/faker/locale/fa';
import { faker as fr } from '@faker-js/faker/locale/fr';
import { faker as hr } from '@faker-js/faker/locale/hr';
import { faker as id } from '@faker-js/faker/locale/id_ID';
import { faker as it } from '@faker-js/faker/locale/it';
import { faker as ja } from '@faker-js/faker/locale/ja';
import { faker as ko } from '@faker-js/faker/locale/ko';
import { faker as nb } from '@faker-js/faker/locale/nb_NO';
import { faker as nl } from '@faker-js/faker/locale/nl';
import { faker as pl } from '@faker-js/faker/locale/pl';
import { faker as pt } from '@faker-js/faker/locale/pt_BR';
import { faker as ru } from '@faker-js/faker/locale/ru';
import { faker as sv } from '@faker-js/faker/locale/sv';
import { faker as th } from '@faker-js/faker/locale/th';
import { faker as tr } from '@faker-js/faker/locale/tr';
import { faker as zh } from '@faker-js/faker/locale/zh_CN';

/** Our locale code to faker's (merged with en as fallback by faker itself); `hi` has no faker locale. */
export const FAKER_DEFINITIONS: Readonly<Record<string, LocaleDefinition>> = {
  en: en.rawDefinitions,
  fr: fr.rawDefinitions,
  de: de.rawDefinitions,
  es: es.rawDefinitions,
  ru: ru.rawDefinitions,
  zh: zh.rawDefinitions,
  ar: ar.rawDefinitions,
  it: it.rawDefinitions,
  ja: ja.rawDefinitions,
  pt: pt.rawDefinitions,
  id: id.rawDefinitions,
  ko: ko.rawDefinitions,
  tr: tr.rawDefinitions,
  fa: fa.rawDefinitions,
  pl: pl.rawDefinitions,
  nl: nl.rawDefinitions,
  sv: sv.rawDefinitions,
  da: da.rawDefinitions,
  nb: nb.rawDefinitions,
  th: th.rawDefinitions,
  hr: hr.rawDefinitions,
};

/** English definitions: the source of language-neutral lists (words, products, mime types...). */
export const EN: LocaleDefinition = en.rawDefinitions;

/** True when `value` is the locale's own data, not en's filled in by faker's fallback merge. */
export function isOwn(code: string, value: unknown, enValue: unknown): boolean {
  return value !== undefined && (code === 'en' || value !== enValue);
}
