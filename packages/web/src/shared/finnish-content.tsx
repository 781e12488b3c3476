import { NotificationBox } from '../ui/index.ts';
import { useLanguage } from './language.ts';

/**
 * The language of news and events: staff write them in Finnish only (spec §2: the Finnish menu
 * shows them). Their titles and texts carry it as `lang`, so that a Swedish or English page reads
 * them with Finnish pronunciation (WCAG 3.1.2 Language of Parts).
 */
export const CONTENT_LANGUAGE = 'fi';

/**
 * On a Swedish or English page of news or events: says that they are in Finnish only (opened by a
 * link or an address; the menus of those languages do not list them). Nothing in Finnish.
 */
export function FinnishOnlyNotice({ text }: { text: string }) {
  const language = useLanguage();
  if (language === CONTENT_LANGUAGE) return null;
  return (
    <NotificationBox variant="informative" className="mb-4">
      {text}
    </NotificationBox>
  );
}
