import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { usePageTitle } from '../../../shared/page-head.ts';
import { Button, NotificationBox, Page, PageHeader } from '../../../ui/index.ts';

/** The customer types of GET /api/customer-types that this page books with. */
const BOOKING_TYPES = ['serviceVoucher', 'paymentCommitment'] as const;
const BRING = ['decision', 'identity', 'medicines', 'kelaCard'] as const;
const STEPS = ['customerType', 'number', 'service', 'time'] as const;

/** The wizard, started with a customer type chosen (`?customerType=`, read by the wizard). */
function bookingPathFor(customerType: (typeof BOOKING_TYPES)[number]): string {
  return `/reservation?customerType=${customerType}`;
}

/**
 * /service-voucher: what a service-voucher or payment-commitment customer needs to know (spec
 * §2 "Service-voucher customer page"), with buttons that start the booking with the type chosen.
 */
export default function ServiceVoucherRoute() {
  const { t } = useTranslation('service-voucher');
  usePageTitle(t('title'));
  const bookButtons = (
    <div className="flex flex-col gap-3 sm:flex-row">
      {BOOKING_TYPES.map((type, index) => (
        <Button
          key={type}
          asChild
          variant={index === 0 ? 'primary' : 'secondary'}
          className="text-center"
        >
          <Link to={bookingPathFor(type)}>{t(`book.${type}`)}</Link>
        </Button>
      ))}
    </div>
  );
  return (
    <Page width="narrow">
      <PageHeader title={t('title')} description={t('lead')} />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="voucher-what" className="flex flex-col gap-3">
          <h2 id="voucher-what" className="text-xl font-semibold">
            {t('what.title')}
          </h2>
          <p className="text-slate-800">{t('what.voucher')}</p>
          <p className="text-slate-800">{t('what.commitment')}</p>
        </section>

        <section aria-labelledby="voucher-costs" className="flex flex-col gap-3">
          <h2 id="voucher-costs" className="text-xl font-semibold">
            {t('costs.title')}
          </h2>
          <p className="text-slate-800">{t('costs.voucher')}</p>
          <p className="text-slate-800">{t('costs.commitment')}</p>
        </section>

        <section aria-labelledby="voucher-bring" className="flex flex-col gap-3">
          <h2 id="voucher-bring" className="text-xl font-semibold">
            {t('bring.title')}
          </h2>
          <ul className="list-disc space-y-1 pl-6 text-slate-800">
            {BRING.map((item) => (
              <li key={item}>{t(`bring.items.${item}`)}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="voucher-how" className="flex flex-col gap-3">
          <h2 id="voucher-how" className="text-xl font-semibold">
            {t('how.title')}
          </h2>
          <ol className="list-decimal space-y-1 pl-6 text-slate-800">
            {STEPS.map((step) => (
              <li key={step}>{t(`how.steps.${step}`)}</li>
            ))}
          </ol>
          <NotificationBox variant="informative" role="none" title={t('how.noticeTitle')}>
            {t('how.notice')}
          </NotificationBox>
          {bookButtons}
        </section>
      </div>
    </Page>
  );
}
