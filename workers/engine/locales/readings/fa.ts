/**
 * Readings of every name in faker's `fa` lists, in the common Iranian English spelling (حسین
 * hossein, not Arabic husayn): Persian script, like Arabic, leaves short vowels out. Compound family
 * names are joined (`alipour`). One `name=reading` entry per segment, separated by ` | `.
 */

/** Given names (female then male). */
export const FA_GIVEN = `
آتوسا=atousa | آرمیتا=armita | آنا=ana | آناهیتا=anahita | آنیتا=anita | آیدا=aida | بنفشه=banafsheh
بهار=bahar | بهناز=behnaz | بیتا=bita | ترانه=taraneh | درسا=dorsa | دریا=darya | رز=roz | رویا=roya
زیبا=ziba | زینب=zeinab | سارا=sara | سمیرا=samira | سمیه=somayeh | سوسن=susan | سپیده=sepideh
سیما=sima | شادی=shadi | شهرزاد=shahrzad | شهلا=shahla | شکوه=shokouh | شیدا=sheida | شیوا=shiva
غزاله=ghazaleh | فرانک=faranak | فرزانه=farzaneh | فرشته=fereshteh | فرناز=farnaz | فریبا=fariba
فریماه=farimah | لاله=laleh | محدثه=mohaddeseh | مروارید=morvarid | مریم=maryam | ملیسا=melisa
ملیکا=melika | مهرناز=mehrnaz | مهسا=mahsa | مهوش=mahvash | میترا=mitra | مینا=mina | مینو=minoo
نازنین=nazanin | نگار=negar | نگین=negin | نیلوفر=niloufar | هانیه=haniyeh | هستی=hasti | هلیا=helia
پارمیس=parmis | پرنیان=parnian | پریسا=parisa | پریناز=parinaz | پگاه=pegah | چکاوک=chakavak
کتایون=katayoun | کیمیا=kimia | گلاره=gelareh | گیتی=giti | گیسو=gisou | یاسمن=yasaman
آرش=arash | آرمان=arman | آرمین=armin | آرین=arian | آیدین=aidin | افشین=afshin | امید=omid
امیر=amir | امیرحسین=amirhossein | امیرسینا=amirsina | امین=amin | ایمان=iman | بهمن=bahman
جمشید=jamshid | جواد=javad | حامد=hamed | حسن=hasan | حسین=hossein | حمید=hamid | دانیال=danial
رامتین=ramtin | رامین=ramin | رضا=reza | سامان=saman | سجاد=sajjad | سروش=soroush | سعید=saeed
سهیل=soheil | سپهر=sepehr | سیاوش=siavash | سینا=sina | شایان=shayan | شهاب=shahab | شهروز=shahrouz
صدرا=sadra | صمد=samad | عباس=abbas | عرفان=erfan | علی=ali | علیرضا=alireza | فربد=farbod
فرزاد=farzad | فرهاد=farhad | فرگام=fargam | فریبرز=fariborz | فریدون=fereydoun | قاسم=ghasem
مازیار=maziar | مجید=majid | محمد=mohammad | محمدرضا=mohammadreza | مسعود=masoud | مهدی=mehdi
مهدیار=mahdiar | مهراد=mehrad | مهران=mehran | مهرداد=mehrdad | مهیار=mahyar | میلاد=milad
نوید=navid | نیما=nima | هادی=hadi | همایون=homayoun | وحید=vahid | پرهام=parham | پژمان=pejman
پیمان=peyman | کامران=kamran | کاوه=kaveh | کسرا=kasra | کیانوش=kianoush | کیوان=keyvan | یاسین=yasin
`;

/** Family names. */
export const FA_FAMILY = `
عارف=aref | عاشوری=ashouri | عالی=aali | عبادی=ebadi | عبدالملکی=abdolmaleki | عبدالکریمی=abdolkarimi
عراقی=araghi | عزیزی=azizi | عصار=assar | عقیلی=aghili | علم=alam | علم‌الهدی=alamolhoda
علی عسگری=aliasgari | علیا=olya | علی‌آبادی=aliabadi | علی‌زمانی=alizamani | علی‌پور=alipour
عنایت=enayat | غضنفری=ghazanfari | غنی=ghani | فارسی=farsi | فاطمی=fatemi | فانی=fani | فتاحی=fattahi
فرامرزی=faramarzi | فرج=faraj | فرشیدورد=farshidvard | فرمانفرمائیان=farmanfarmaian | فرهنگ=farhang
فروتن=forootan | فریاد=faryad | فنایی=fanaei | فنی‌زاده=fanizadeh | فهمیده=fahmideh
فولادوند=fouladvand | قاضی=ghazi | قانعی=ghanei | قانونی=ghanouni | قمیشی=ghomayshi | قنبری=ghanbari
قهرمان=ghahraman | قهرمانی=ghahramani | قهرمانیان=ghahramanian | قهستانی=ghohestani
لاجوردی=lajevardi | لاهوتی=lahouti | لاچینی=lachini | لنکرانی=lankarani | لوکس=lux | مجاهد=mojahed
مجتبایی=mojtabaei | مجتبوی=mojtabavi | مجتهد شبستری=mojtahedshabestari | مجتهدی=mojtahedi
مجرد=mojarrad | محجوب=mahjoub | محجوبی=mahjoubi | محدثی=mohaddesi | محمدرضایی=mohammadrezaei
محمدی=mohammadi | مددی=madadi | مرادخانی=moradkhani | مرتضوی=mortazavi | مستوفی=mostofi | مشا=masha
مصاحب=mosaheb | مصباح=mesbah | مصباح‌زاده=mesbahzadeh | مطهری=motahari | مظفر=mozaffar | معارف=maaref
معروف=maroof | معین=moein | مفتاح=meftah | مفتح=mofatteh | مقدم=moghaddam | ملایری=malayeri
ملک=malek | ملکیان=malekian | منوچهری=manouchehri | مهاجرانی=mohajerani | مهدی‌پور=mehdipour
موحد=movahed | موسوی=mousavi | موسویان=mousavian | میرباقری=mirbagheri | میردامادی=mirdamadi
میرزاده=mirzadeh | میرسپاسی=mirsepasi | میزبانی=mizbani | ناظری=nazeri | نامور=namvar | نجفی=najafi
ندوشن=nodooshan | نراقی=naraghi | نعمت‌زاده=nematzadeh | نقدی=naghdi | نقیب‌زاده=naghibzadeh
نهاوندی=nahavandi | نواب=navab | نوبخت=nobakht | نوبختی=nobakhti | نیشابوری=neyshabouri
نیلوفری=niloufari | هاشمی=hashemi | هاشمی رفسنجانی=hashemirafsanjani | هاشمیان=hashemian
هامون=hamoun | هدایت=hedayat | هراتی=harati | هروی=heravi | همایون=homayoun | همت=hemmat
همدانی=hamedani | هوشیار=houshyar | هومن=houman | واثقی=vaseghi | واعظ=vaez | واعظی=vaezi
واعظ‌زاده=vaezzadeh | وکیلی=vakili | کاشی=kashi | کاملی=kameli | کامکار=kamkar | کاویانی=kaviani
کاکاوند=kakavand | کدیور=kadivar | کردبچه=kordbacheh | کرمانی=kermani | کریمی=karimi | کلباسی=kalbasi
کمالی=kamali | کهنمویی=kohanmooei | کوشکی=koushki | کیان=kian | کیانی=kiani | کیمیایی=kimiaei
گل محمدی=golmohammadi | گلپایگانی=golpayegani | گنجی=ganji | یاحقی=yahaghi | یادگار=yadegar
یثربی=yasrebi | یلدا=yalda
`;
