import app from '../locales/fi.json';
import shared from '../../shared/locales/fi.json';
import ui from '../../ui/locales/fi.json';

/** The shell's texts in fi: one chunk, fetched only in this language (src/app/i18n.ts). */
export const shellTexts = { app, ui, shared };
