import type { Catalogue } from './en.ts';

/**
 * The client's messages in Hindi (a booking with client_language 'hi'): polite आप form; brand
 * names, e-mail addresses, links, UPI and the digits of amounts and dates stay as they are.
 * Typed against en.ts: a key missing here does not compile, and client-messages.test.ts checks
 * that each text keeps the English one's {placeholders}.
 */
export const hi: Catalogue = {
  labelReference: 'बुकिंग संख्या',
  labelTherapist: 'थेरेपिस्ट',
  labelDate: 'तारीख',
  labelTime: 'समय',
  labelSession: 'सत्र',
  sessionOnline: 'ऑनलाइन वीडियो सत्र',
  sessionInPerson: 'केंद्र पर आमने-सामने सत्र',
  labelMeetingLink: 'मीटिंग लिंक',
  meetingLinkLater: 'सत्र से पहले भेजा जाएगा',
  labelLocation: 'स्थान',
  labelManage: 'अपनी बुकिंग देखें या बदलें',
  labelIntake: 'पहले सत्र से पहले, कुछ प्रश्न',
  labelQuestionnaire: 'सत्र से पहले, दो छोटी प्रश्नावलियाँ',
  labelPreviously: 'पहले का समय',
  labelAmount: 'राशि',
  labelAmountPaid: 'भुगतान की गई राशि',
  labelAmountRefunded: 'लौटाई गई राशि',
  labelPayment: 'भुगतान आईडी',
  labelRefundReference: 'रिफ़ंड संदर्भ',
  labelPaidBy: 'भुगतान का तरीका',
  labelPaidOn: 'भुगतान की तारीख',
  labelReceiptNumber: 'रसीद संख्या',
  labelPaymentReference: 'भुगतान संदर्भ',
  methodCash: 'नकद',
  methodCard: 'कार्ड',
  methodUpi: 'UPI',
  methodOther: 'अन्य',
  timeRange: '{start} – {end} ({zone})',
  moment: '{date}, {time}',
  amountWithPayment: '{amount} (भुगतान आईडी {payment})',
  amountAtVisit: '{amount}, केंद्र पर आपके आने पर लिया जाएगा',

  greeting: 'प्रिय {name},',
  greetingNoName: 'नमस्ते,',
  nameFallback: 'क्लाइंट',
  noticeRule:
    'आप ऊपर दिए गए लिंक से सत्र के {hours} घंटे पहले तक अपनी बुकिंग रद्द कर सकते हैं या उसका समय बदल सकते हैं। उसके बाद पूरी फ़ीस ली जाती है; अगर आप नहीं आ पाएँ, तो कृपया क्लिनिक को फ़ोन करें।',
  joinEarly: 'कृपया सत्र शुरू होने से कुछ मिनट पहले मीटिंग लिंक खोलें।',
  arriveEarly: 'कृपया 10 मिनट पहले पहुँचें।',
  inviteAttached: 'कैलेंडर आमंत्रण साथ में भेजा गया है।',
  inviteUpdated: 'बदला हुआ कैलेंडर आमंत्रण साथ में भेजा गया है।',

  confirmedSubject: 'बुकिंग की पुष्टि: {date}, {time}',
  confirmedIntro: '{therapist} के साथ आपके सत्र की पुष्टि हो गई है।',

  reminderSubject: 'रिमाइंडर: {date} को {time} बजे आपका सत्र',
  reminderIntro: 'यह {therapist} के साथ आपके सत्र का रिमाइंडर है।',

  movedSubject: 'बुकिंग का समय बदला: अब {date}, {time}',
  movedIntro: 'आपके अनुरोध पर {therapist} के साथ आपका सत्र अब {date} को {time} बजे कर दिया गया है।',
  oldLinkVoid: 'इस बुकिंग को देखने या बदलने का आपका पिछला लिंक अब काम नहीं करता: कृपया ऊपर दिया गया लिंक इस्तेमाल करें।',

  cancelledSubject: 'बुकिंग रद्द: {date}, {time}',
  cancelledByClient: 'आपके अनुरोध पर आपका सत्र रद्द कर दिया गया है।',
  cancelledByClinic:
    'क्लिनिक ने आपका सत्र रद्द कर दिया है। कोई प्रश्न हो तो कृपया हमसे संपर्क करें, या कोई दूसरा समय बुक करें।',
  cancelledRefund: 'आपने जो {amount} ऑनलाइन चुकाए थे, वे पूरे के पूरे उसी तरीके से लौटाए जाएँगे जिससे आपने भुगतान किया था।',
  bookAgain: 'फिर से बुक करें: {url}',

  refundSubject: 'बुकिंग {id} का रिफ़ंड जारी किया गया',
  refundIntro: 'आपकी बुकिंग {id} के लिए आपने जो {amount} चुकाए थे, वे हमने लौटा दिए हैं; यह सत्र नहीं होगा।',
  refundIntroPaidTwice:
    'आपकी बुकिंग {id} के लिए आपने जो {amount} ऑनलाइन चुकाए थे, वे हमने लौटा दिए हैं: इसका भुगतान केंद्र पर पहले ही हो चुका था। आपका सत्र बुक रहेगा।',
  refundTiming:
    'पैसा उसी तरीके से वापस जाएगा जिससे आपने भुगतान किया था (कार्ड, UPI, नेट बैंकिंग या वॉलेट), आम तौर पर 5 से 7 कार्य-दिवसों में; आपके बैंक में दिखने में थोड़ा और समय लग सकता है।',
  bookAnother: 'कोई दूसरा समय बुक करने के लिए: {url}',

  receiptSubject: 'बुकिंग {id} के भुगतान की रसीद',
  receiptIntro: 'धन्यवाद: आपकी बुकिंग {id} के लिए {location} पर आपका {amount} का भुगतान हमें मिल गया है।',
  receiptCentre: 'केंद्र',
  receiptKeep: 'कृपया इस ई-मेल को अपनी रसीद के रूप में संभालकर रखें।',

  seriesConfirmedSubject: 'नियमित अपॉइंटमेंट की पुष्टि: {date} से {count} सत्र',
  seriesConfirmedIntro: '{therapist} के साथ आपके नियमित अपॉइंटमेंट की पुष्टि हो गई है: {count} सत्र।',
  labelSessionOf: 'सत्र {position} / {count}',
  seriesAwaitingPayment: '{moment} (इसके भुगतान का लिंक हम इससे पहले ई-मेल करेंगे)',
  seriesPayEach:
    'बाद के हर सत्र का भुगतान अलग से होता है: उसके भुगतान का लिंक हम आपको उससे कुछ दिन पहले ई-मेल करेंगे। जिस सत्र का भुगतान उससे 24 घंटे पहले तक न हो, वह छोड़ दिया जाता है।',
  seriesInviteAttached: 'हर सत्र वाला कैलेंडर आमंत्रण साथ में भेजा गया है।',
  seriesCancelledSubject: 'नियमित अपॉइंटमेंट: {count} सत्र रद्द',
  seriesCancelledIntro: 'आपके अनुरोध पर आपके नियमित अपॉइंटमेंट के ये सत्र रद्द कर दिए गए हैं:',
  seriesCancelledRefund:
    'इनके लिए आपने जो {amount} ऑनलाइन चुकाए थे, वे पूरे के पूरे उसी तरीके से लौटाए जाएँगे जिससे आपने भुगतान किया था।',
  payLinkSubject: 'भुगतान बाकी: {date}, {time} का आपका सत्र',
  payLinkIntro: '{therapist} के साथ आपका सत्र आपके लिए रोककर रखा गया है। कृपया नीचे दिए गए लिंक से इसका भुगतान करें।',
  labelPayNow: 'अभी भुगतान करें',
  payLinkBy: 'कृपया {until} तक भुगतान करें: तब तक भुगतान न होने पर सत्र छोड़ दिया जाता है।',
  releasedSubject: 'सत्र छोड़ा गया: {date}, {time}',
  releasedIntro:
    '{therapist} के साथ आपके सत्र का भुगतान उससे 24 घंटे पहले तक नहीं हुआ, इसलिए वह छोड़ दिया गया है। आपके नियमित अपॉइंटमेंट के बाकी सत्र बुक रहेंगे।',

  inviteSummary: '{therapist} के साथ थेरेपी सत्र',
  inviteJoin: 'जुड़ने के लिए: {link}',
  inviteManage: 'अपनी बुकिंग देखें या बदलें: {url}',
  inviteOnline: 'ऑनलाइन',

  waitlistSubject: '{therapist} के साथ एक समय उपलब्ध हुआ है',
  waitlistIntro: '{therapist} के साथ एक समय उपलब्ध हुआ है, और हमने इसे आपके लिए रोक रखा है।',
  waitlistWhere: 'स्थान',
  waitlistOnline: 'ऑनलाइन (सुरक्षित वीडियो सत्र)',
  waitlistFee: 'शुल्क',
  waitlistHeld: 'यह समय आपके लिए {minutes} मिनट तक, यानी {until} तक, रोककर रखा जाएगा।',
  waitlistTake: 'इसे लेने के लिए कृपया यह लिंक खोलें: {url}',
  waitlistNothing:
    'अगर आप यह समय नहीं लेना चाहते, तो आपको कुछ भी करने की ज़रूरत नहीं है: यह प्रतीक्षा सूची में अगले व्यक्ति को दे दिया जाएगा, और आप अपनी बाकी तारीख़ों के लिए प्रतीक्षा सूची में बने रहेंगे।',
  waitlistHelp: 'परेशानी में हैं? टेली-मानस को {teleManas} या {tollFree} पर कॉल करें (निःशुल्क, 24×7)।',

  signaturePhone: 'फ़ोन',
  signatureEmail: 'ई-मेल',

  inviteSubject: '{clinic} में आपका साइन-इन',
  inviteGreeting: 'प्रिय {name},',
  inviteIntro:
    '{clinic} आपको साइन इन करके अपने सत्र देखने, सत्र के नोट लिखने और उपस्थिति दर्ज करने के लिए आमंत्रित करता है।',
  inviteLink: 'अपना पासवर्ड बनाएँ',
  inviteExpires: 'यह लिंक एक बार, {until} तक काम करता है।',
  inviteIgnore: 'अगर आपको इस ई-मेल की उम्मीद नहीं थी, तो इसे अनदेखा कर दें।',
};
