import type { Language } from '@portal/sdk';

/**
 * User-facing texts of the chat area, merged into core/messages.ts: the automatic notice and the
 * simulated professional's answers, three per topic and a closing one.
 */
export const chatMessages = {
  'chat.professional': {
    fi: 'Suun terveydenhuollon ammattilainen',
    sv: 'Expert på munhälsa',
    en: 'Oral-health professional',
  },
  'chat.system.received': {
    fi: 'Kiitos! Suun terveydenhuollon ammattilainen vastaa sinulle pian.',
    sv: 'Tack! En expert på munhälsa svarar dig snart.',
    en: 'Thank you! An oral-health professional will answer you shortly.',
  },
  'chat.reply.general.1': {
    fi: 'Hei! Kiitos kysymyksestäsi. Hyvä perusta suun terveydelle on hampaiden harjaus kahdesti päivässä fluorihammastahnalla ja hammasvälien puhdistus päivittäin. Kerrotko vielä tarkemmin, mikä asia mietityttää?',
    sv: 'Hej! Tack för din fråga. En god grund för munhälsan är att borsta tänderna två gånger om dagen med fluortandkräm och att rengöra mellanrummen varje dag. Kan du berätta lite mer om vad du undrar över?',
    en: 'Hello! Thank you for your question. A good basis for oral health is brushing twice a day with fluoride toothpaste and cleaning between the teeth every day. Could you tell me a bit more about what is on your mind?',
  },
  'chat.reply.general.2': {
    fi: 'Kiitos tarkennuksesta. Jos ikenet vuotavat harjatessa, syynä on usein ientulehdus, joka paranee yleensä parissa viikossa huolellisella puhdistuksella. Jos vuoto jatkuu, suosittelen käyntiä suuhygienistillä.',
    sv: 'Tack för förtydligandet. Om tandköttet blöder när du borstar beror det ofta på tandköttsinflammation, som oftast läker inom ett par veckor med noggrann rengöring. Om blödningen fortsätter rekommenderar jag ett besök hos munhygienisten.',
    en: 'Thanks for the details. If your gums bleed when you brush, the cause is often gingivitis, which usually heals in a couple of weeks with thorough cleaning. If the bleeding continues, I recommend a visit to a dental hygienist.',
  },
  'chat.reply.general.3': {
    fi: 'Säännöllinen tarkastus 1–2 vuoden välein auttaa löytämään ongelmat ajoissa. Voit varata ajan suuhygienistille tai hammaslääkärille suoraan ajanvarauksesta.',
    sv: 'En regelbunden kontroll med 1–2 års mellanrum hjälper till att upptäcka problem i tid. Du kan boka en tid hos munhygienist eller tandläkare direkt i tidsbokningen.',
    en: 'A regular check-up every 1–2 years helps to find problems early. You can book an appointment with a dental hygienist or a dentist directly in the online booking.',
  },
  'chat.reply.children.1': {
    fi: 'Hei! Lapsen hampaiden harjaus kannattaa aloittaa heti ensimmäisen hampaan puhjettua. Alle 3-vuotiaalle riittää sipaisu fluorihammastahnaa, ja aikuinen harjaa tai jälkiharjaa hampaat kouluikään asti. Mitä haluaisit tietää?',
    sv: 'Hej! Det är bra att börja borsta barnets tänder så fort den första tanden har kommit. För barn under 3 år räcker en tunn strimma fluortandkräm, och en vuxen borstar eller efterborstar tänderna tills barnet börjar skolan. Vad vill du veta?',
    en: "Hello! It is best to start brushing a child's teeth as soon as the first tooth comes through. Under 3 years a smear of fluoride toothpaste is enough, and a parent brushes or finishes the brushing until school age. What would you like to know?",
  },
  'chat.reply.children.2': {
    fi: 'Hampaiden puhkeaminen voi tehdä lapsesta kitisevän ja lisätä kuolaamista. Viileä purulelu auttaa usein. Jos lapsella on kuumetta tai hän on selvästi kipeä, ota yhteys lääkäriin.',
    sv: 'När tänderna bryter fram kan barnet bli gnälligt och dregla mer. En sval bitleksak hjälper ofta. Om barnet har feber eller har tydligt ont, kontakta en läkare.',
    en: 'Teething can make a child fussy and increase drooling. A cool teething toy often helps. If the child has a fever or is clearly in pain, contact a doctor.',
  },
  'chat.reply.children.3': {
    fi: 'Säännölliset ateria-ajat ja napostelun välttäminen suojaavat lapsen hampaita reikiintymiseltä. Voit varata lapselle tarkastusajan ajanvarauksesta.',
    sv: 'Regelbundna måltider och att undvika småätande skyddar barnets tänder mot karies. Du kan boka en kontrolltid för barnet i tidsbokningen.',
    en: "Regular mealtimes and avoiding snacking protect a child's teeth from decay. You can book a check-up for your child in the online booking.",
  },
  'chat.reply.pain.1': {
    fi: 'Hei! Ikävä kuulla, että sinulla on vaivaa. Onko hammas kipeä koko ajan vai vain esimerkiksi kylmästä tai purressa? Onko poski tai ien turvonnut?',
    sv: 'Hej! Tråkigt att höra att du har besvär. Gör tanden ont hela tiden eller bara till exempel av kyla eller när du biter? Är kinden eller tandköttet svullet?',
    en: 'Hello! Sorry to hear you are having trouble. Does the tooth hurt all the time, or only with cold or when you bite? Is your cheek or gum swollen?',
  },
  'chat.reply.pain.2': {
    fi: 'Kiitos. Kipuun voit ottaa käsikauppasärkylääkettä pakkauksen ohjeen mukaan. Jos kasvoilla on turvotusta, sinulla on kuumetta tai kipu on kova, hakeudu hoitoon vielä tänään ja soita lähimmälle klinikalle.',
    sv: 'Tack. Mot värken kan du ta receptfri värkmedicin enligt anvisningen på förpackningen. Om du har svullnad i ansiktet, feber eller svår värk, sök vård redan i dag och ring närmaste klinik.',
    en: 'Thank you. For the pain you can take an over-the-counter painkiller as directed on the package. If you have facial swelling, a fever or severe pain, get care today and call your nearest clinic.',
  },
  'chat.reply.pain.3': {
    fi: 'Lohjennut hammas tai irronnut paikka kannattaa korjata muutaman päivän sisällä, vaikka se ei särkisi. Varaa aika hammaslääkärille ajanvarauksesta.',
    sv: 'En avslagen tand eller en lossnad fyllning bör lagas inom några dagar, även om det inte gör ont. Boka en tid hos tandläkaren i tidsbokningen.',
    en: 'A chipped tooth or a lost filling should be repaired within a few days, even if it does not hurt. Book an appointment with a dentist in the online booking.',
  },
  'chat.reply.orthodontics.1': {
    fi: 'Hei! Läpinäkyvillä aligner-kiskoilla voi korjata monia lieviä ja keskivaikeita hampaiden asentovirheitä. Hoito alkaa hammaslääkärin tutkimuksella, jossa arvioidaan, sopivatko kiskot sinulle. Mitä haluaisit tietää hoidosta?',
    sv: 'Hej! Med genomskinliga alignerskenor kan många lindriga och måttliga felställningar av tänderna korrigeras. Behandlingen börjar med en undersökning hos tandläkaren, där man bedömer om skenor passar dig. Vad vill du veta om behandlingen?',
    en: 'Hello! Clear aligners can correct many mild and moderate problems in the position of the teeth. Treatment starts with an examination by a dentist, who assesses whether aligners suit you. What would you like to know about the treatment?',
  },
  'chat.reply.orthodontics.2': {
    fi: 'Kiskoja pidetään noin 22 tuntia vuorokaudessa, ja ne vaihdetaan uusiin yleensä 1–2 viikon välein. Hoito kestää tavallisesti 6–18 kuukautta tilanteesta riippuen.',
    sv: 'Skenorna bärs cirka 22 timmar per dygn och byts oftast till nya med 1–2 veckors mellanrum. Behandlingen tar vanligen 6–18 månader beroende på situationen.',
    en: 'Aligners are worn about 22 hours a day and are usually changed for new ones every 1–2 weeks. Treatment typically takes 6–18 months, depending on the case.',
  },
  'chat.reply.orthodontics.3': {
    fi: 'Hoidon hinta selviää tutkimuksen jälkeen laadittavasta hoitosuunnitelmasta. Voit varata tutkimusajan ajanvarauksesta kohdasta oikomishoito.',
    sv: 'Priset framgår av behandlingsplanen som görs upp efter undersökningen. Du kan boka en undersökningstid i tidsbokningen under tandreglering.',
    en: 'The price is set out in the treatment plan made after the examination. You can book an examination in the online booking under orthodontics.',
  },
  'chat.reply.booking.1': {
    fi: 'Hei! Voit varata, siirtää ja perua aikoja verkossa kohdassa Ajanvaraus. Kerro, missä voin auttaa.',
    sv: 'Hej! Du kan boka, flytta och avboka tider på nätet under Tidsbokning. Berätta vad jag kan hjälpa dig med.',
    en: 'Hello! You can book, move and cancel appointments online under Booking. Tell me what I can help you with.',
  },
  'chat.reply.booking.2': {
    fi: 'Ajan voi siirtää tai perua maksutta verkossa viimeistään 24 tuntia ennen sen alkua. Sen jälkeen soita klinikalle. Peruuttamatta jätetystä käyttämättömästä ajasta peritään maksu hinnaston mukaan.',
    sv: 'Du kan flytta eller avboka tiden avgiftsfritt på nätet senast 24 timmar före start. Efter det ska du ringa kliniken. För en tid som inte används och inte avbokas debiteras en avgift enligt prislistan.',
    en: 'You can move or cancel an appointment free of charge online up to 24 hours before it starts. After that, please call the clinic. A missed appointment that was not cancelled is charged according to the price list.',
  },
  'chat.reply.booking.3': {
    fi: 'Palvelujen hinnat näet ajanvarauksessa palvelua valitessasi. Jos sinulla on palveluseteli tai maksusitoumus, valitse se asiakastyypiksi varauksen alussa.',
    sv: 'Priserna ser du i tidsbokningen när du väljer tjänst. Om du har en servicesedel eller en betalningsförbindelse, välj den som kundtyp i början av bokningen.',
    en: 'You can see the prices in the online booking when you choose a service. If you have a service voucher or a payment commitment, choose it as the customer type at the start of the booking.',
  },
  'chat.reply.closing': {
    fi: 'Kiitos viestistäsi. Voinko auttaa vielä jossakin muussa? Jos asia vaatii tutkimusta, suosittelen varaamaan ajan vastaanotolle.',
    sv: 'Tack för ditt meddelande. Kan jag hjälpa dig med något annat? Om saken kräver en undersökning rekommenderar jag att du bokar en tid på kliniken.',
    en: 'Thank you for your message. Is there anything else I can help you with? If it needs an examination, I recommend booking an appointment.',
  },
} satisfies Record<string, Record<Language, string>>;
