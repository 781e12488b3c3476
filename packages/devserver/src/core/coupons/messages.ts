/** User-facing texts of the coupons area, merged into core/messages.ts. */
export const couponsMessages = {
  'coupon.branchesRequired': {
    fi: 'Valitse vähintään yksi klinikka tai kaikki klinikat.',
    sv: 'Välj minst en klinik eller alla kliniker.',
    en: 'Choose at least one clinic, or all clinics.',
  },
  'coupon.nameRequired': {
    fi: 'Anna edulle nimi muokkauskielellä.',
    sv: 'Ge förmånen ett namn på redigeringsspråket.',
    en: 'Give the benefit a name in the language you are editing.',
  },
  'coupon.imageTooLarge': {
    fi: 'Kuva on liian suuri. Suurin sallittu koko on 2 Mt.',
    sv: 'Bilden är för stor. Den största tillåtna storleken är 2 MB.',
    en: 'The image is too large. The maximum size is 2 MB.',
  },
  'coupon.imageDimensions': {
    fi: 'Kuva on liian suuri. Siinä saa olla enintään 16 777 216 pikseliä (esimerkiksi 4096 × 4096). Pienennä kuvaa ja lataa se uudelleen.',
    sv: 'Bilden är för stor. Den får ha högst 16 777 216 pixlar (till exempel 4096 × 4096). Förminska bilden och ladda upp den igen.',
    en: 'The image is too large. It can have at most 16,777,216 pixels (for example 4096 × 4096). Make it smaller and upload it again.',
  },
  'coupon.imageBroken': {
    fi: 'Kuvatiedosto on vioittunut tai keskeneräinen. Tallenna kuva uudelleen JPG- tai PNG-muodossa ja lataa se.',
    sv: 'Bildfilen är skadad eller ofullständig. Spara bilden på nytt som JPG eller PNG och ladda upp den.',
    en: 'The image file is damaged or incomplete. Save the image again as a JPG or PNG and upload that.',
  },
  'coupon.imageType': {
    fi: 'Kuvan on oltava JPG- tai PNG-tiedosto.',
    sv: 'Bilden måste vara en JPG- eller PNG-fil.',
    en: 'The image must be a JPG or PNG file.',
  },
  // Staff patient administration (core/patients), until core/messages.ts imports it directly.
};
