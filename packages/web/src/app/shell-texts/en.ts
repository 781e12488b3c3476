import app from '../locales/en.json';
import shared from '../../shared/locales/en.json';
import ui from '../../ui/locales/en.json';

/** The shell's texts in en: one chunk, fetched only in this language (src/app/i18n.ts). */
export const shellTexts = { app, ui, shared };
