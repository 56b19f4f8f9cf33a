/**
 * Han and Japanese names to ASCII through two maintained libraries, each loaded on first use (a
 * worker that never meets a zh or ja name never pays for them): pinyin-pro reads Han as pinyin
 * (surname readings for family names: 单 shan, 曾 zeng), wanakana reads kana as Hepburn romaji.
 * Kanji names have no reading derivable from their characters: they come from locales/readings/ja.ts.
 */
import { createRequire } from 'node:module';
import type * as PinyinModule from 'pinyin-pro';
import type * as WanakanaModule from 'wanakana';

type PinyinPro = typeof PinyinModule;
type Wanakana = typeof WanakanaModule;

// Generation is synchronous, so the libraries load through require, once, when first needed.
const require = createRequire(import.meta.url);
let pinyinPro: PinyinPro | undefined;
let wanakana: Wanakana | undefined;

/** Pinyin of a Han name without tone marks (王伟 → wangwei; ü loses its dots later). */
export function romanizeHan(text: string, surname: boolean): string {
  pinyinPro ??= require('pinyin-pro') as PinyinPro;
  return pinyinPro
    .pinyin(text, {
      toneType: 'none',
      type: 'array',
      surname: surname ? 'head' : 'off',
      nonZh: 'consecutive',
    })
    .join('');
}

/** True when the text holds hiragana or katakana. */
export function hasKana(text: string): boolean {
  return /[\u3040-\u30ff]/.test(text);
}

/**
 * Hepburn romaji of kana, long vowels unmarked as on passports (ゆうこ yuko, しょうた shota), the
 * spelling of the kanji readings too. Kanji pass through unchanged.
 */
export function romanizeKana(text: string): string {
  wanakana ??= require('wanakana') as Wanakana;
  return wanakana.toRomaji(text).replace(/ou/g, 'o').replace(/uu/g, 'u');
}
