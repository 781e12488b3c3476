import { useTranslation } from 'react-i18next';
import { Redirect, useParams } from 'wouter';
import { Page } from '../../../ui/index.ts';
import { useIsStaff } from '../../../shared/roles.ts';
import { EditEvent, NewEvent } from '../components/event-editor.tsx';
import { EventView } from '../components/event-view.tsx';
import { BackToEvents, NotFound } from '../components/shared.tsx';

/** A route id: a positive whole number, or null. */
function idOf(raw: string): number | null {
  if (!/^\d{1,12}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

function UnknownEvent() {
  const { t } = useTranslation('events');
  return (
    <Page width="narrow">
      <BackToEvents />
      <NotFound text={t('notFound.text')} />
    </Page>
  );
}

/**
 * /event/:id: patients see the event and its reminder, staff edit it. /event: staff create one
 * (patients go to the events list).
 */
export default function EventRoute() {
  const staff = useIsStaff();
  const params = useParams<{ id?: string }>();
  if (params.id === undefined) return staff ? <NewEvent /> : <Redirect to="/events" replace />;
  const id = idOf(params.id);
  if (id === null) return <UnknownEvent />;
  return staff ? <EditEvent id={id} /> : <EventView id={id} />;
}
