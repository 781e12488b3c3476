import app from '../locales/sv.json';
import shared from '../../shared/locales/sv.json';
import ui from '../../ui/locales/sv.json';

/** The shell's texts in sv: one chunk, fetched only in this language (src/app/i18n.ts). */
export const shellTexts = { app, ui, shared };
