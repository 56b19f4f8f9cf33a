/**
 * Readings of every name in the `ar` lists (faker's, plus our female names). Arabic script leaves
 * short vowels out, so a letter-by-letter fallback cannot say `maryam` for مريم: each name carries
 * its common English spelling (Gulf/Levant conventions, `al-` written `al` and joined). One
 * `name=reading` entry per line segment, separated by ` | ` (names may hold spaces).
 */

/** Given names (female then male). */
export const AR_GIVEN = `
اروي=arwa | بتول=batoul | براءة=baraa | بلسم=balsam | خلود=kholoud | ريم=reem | عنود=anoud
عوضية=awadiya | فاطمه=fatima | نوف=nouf | فاطمة=fatima | عائشة=aisha | مريم=maryam | نور=nour
سارة=sara | ليلى=layla | هدى=huda | رنا=rana | جميلة=jamila | أمل=amal | دينا=dina | سلمى=salma
منى=mona | هند=hind | ياسمين=yasmin | زينب=zainab | خديجة=khadija | رقية=ruqayya | لينا=lina
شيماء=shaimaa | آمنة=amina | أسماء=asmaa | بسمة=basma | حنان=hanan | رحاب=rehab | سعاد=suad
غادة=ghada | لمى=lama | نادية=nadia
آسر=aser | أحمد=ahmed | أركان=arkan | أسامة=osama | أسعد=asaad | أشرف=ashraf | أكرم=akram
أليف=alif | أمان=aman | أمجد=amjad | أمير=amir | أمين=amin | أنس=anas | أنيس=anis | أوس=aws
أيمن=ayman | إسلام=islam | إياد=iyad | إياس=iyas | إيهاب=ihab | ابراهيم=ibrahim | القاسم=alqasim
المقداد=almiqdad | باسل=basel | باسم=bassem | بدر=badr | بدران=badran | بركات=barakat | برهان=burhan
بسام=bassam | بسيم=basim | بشار=bashar | بلال=bilal | بلبل=bulbul | بليغ=baligh | بندر=bandar
بهيج=bahij | تميم=tamim | توفيق=tawfiq | تيسير=taysir | ثابت=thabit | جابر=jaber | جاد=jad
جاسر=jasser | جاسم=jassim | جبريل=jibril | جسور=jasour | جعفر=jaafar | جلال=jalal | جليل=jalil
جمال=jamal | جمعة=juma | جميل=jamil | جهاد=jihad | جوهر=jawhar | حاتم=hatem | حاجب=hajib
حارث=harith | حازم=hazem | حافظ=hafez | حامد=hamed | حبيب=habib | حذيفة=hudhayfa | حسام=hussam
حسان=hassan | حسن=hassan | حسني=hosni | حسون=hassoun | حطاب=hattab | حفيظ=hafiz | حكيم=hakim
حلمي=helmi | حليم=halim | حمدان=hamdan | حمدي=hamdi | حمزة=hamza | حمودة=hamouda | حميد=hamid
حيدرة=haydara | خالد=khaled | خباب=khabbab | خلدون=khaldoun | خليل=khalil | خيري=khairy
داوود=dawoud | دريد=duraid | ديسم=daysam | ذاكر=zaker | رؤوف=raouf | رائد=raed | رائف=raef
رابح=rabeh | راتب=ratib | راسم=rasem | راشد=rashed | راغب=ragheb | راكان=rakan | رامز=ramez
رامي=rami | ربيع=rabie | رتيب=ratib | رجب=rajab | رزق=rizq | رسلان=raslan | رشاد=rashad
رشدي=roshdi | رشيد=rashid | رضا=reda | رضوان=radwan | رعد=raad | رفيع=rafie | رفيق=rafiq
ركان=rakan | رمزي=ramzi | رمضان=ramadan | رنيم=ranim | رياض=riyad | ريان=rayan | زاهر=zaher
زياد=ziad | زيدون=zaydoun | زين الدين=zainaldin | سالم=salem | سامح=sameh | سامر=samer | سامي=sami
سراج=siraj | سرحان=sarhan | سرمد=sarmad | سريج=suraij | سعد=saad | سعيد=saeed | سفيان=sufyan
سلامة=salama | سلمان=salman | سليم=salim | سماح=samah | سمير=samir | سهيل=suhail | سيف=saif
شادي=shadi | شاكر=shaker | شريف=sharif | شعبان=shaaban | شفيع=shafie | شفيق=shafiq | شكري=shukri
شكيب=shakib | شمس الدين=shamsaldin | شهاب=shihab | شوقي=shawqi | صابر=saber | صادق=sadiq
صبحي=sobhi | صبري=sabri | صخر=sakhr | صداح=saddah | صدقي=sidqi | صفوان=safwan | صقر=saqr
صلاح=salah | صهيب=suhaib | ضياء=diaa | طارق=tariq | طاهر=taher | طلال=talal | طيب=tayeb
ظافر=zafer | عادل=adel | عارف=aref | عاشور=ashour | عاصم=asem | عاصي=assi | عاطف=atef | عامر=amer
عباس=abbas | عبد الله=abdullah | عثمان=othman | عجمي=ajami | عدلان=adlan | عدلي=adli | عدنان=adnan
عدي=oday | عرفات=arafat | عرفان=irfan | عز الدين=izzaldin | عزام=azzam | عزمي=azmi | عزيز=aziz
عطا=ata | عطية=atiya | عفيف=afif | علاء=alaa | علوي=alawi | على=ali | علي=ali | عماد=imad
عمار=ammar | عمر=omar | عمران=imran | عياض=iyad | غازي=ghazi | غانم=ghanem | غسان=ghassan
غفار=ghaffar | غيث=ghaith | فؤاد=fouad | فائز=faez | فاخر=fakher | فادي=fadi | فارس=fares
فاروق=farouk | فاضل=fadel | فاكر=faker | فتاح=fattah | فتحي=fathi | فخري=fakhri | فراس=firas
فرج=faraj | فرحات=farhat | فريد=farid | فضل=fadl | فضيل=fadil | فكري=fikri | فهد=fahad | فهمي=fahmi
فواز=fawaz | فوزي=fawzi | فيصل=faisal | قاسم=qasim | قدري=qadri | قيس=qais | كاظم=kazem
كامل=kamel | كرم=karam | كمال=kamal | لبيب=labib | لطفي=lutfi | ليث=laith | مأمون=mamoun
مؤمن=moamen | مؤنس=mounes | ماجد=majed | مازن=mazen | مبارك=mubarak | مبروك=mabrouk
مجاهد=mujahid | مجد=majd | مجدي=magdy | مجيد=majid | محجوب=mahjoub | محرز=mehrez | محسن=mohsen
محفوظ=mahfouz | محمد=mohammed | محمود=mahmoud | مختار=mukhtar | مخلص=mukhlis | مراد=murad
مرتضى=murtada | مرزوق=marzouq | مرسي=morsi | مرشد=murshid | مرعي=marai | مروان=marwan
مستعين=mustaeen | مسعد=mosaad | مسعود=masoud | مصطفى=mustafa | مصعب=musab | مصلح=muslih
مطيع=mutie | معاذ=muadh | معتز=moataz | معز=moez | معين=moein | مفتاح=miftah | مقداد=miqdad
ممتاز=mumtaz | ممدوح=mamdouh | منتصر=muntasir | منذر=mundhir | منصف=moncef | منصور=mansour
منعم=monem | منيب=munib | منير=mounir | مهدي=mahdi | مهند=muhannad | مهيب=muhib | ناجح=najeh
ناجي=naji | نادر=nader | ناصح=nasih | ناصر=nasser | ناصف=nassef | ناظم=nazem | نافع=nafie
نبيل=nabil | نجيب=najib | نديم=nadim | نزار=nizar | نزيه=nazih | نسيم=nasim | نصحي=nushi
نصر=nasr | نضال=nidal | نعمان=numan | نعيم=naim | نهاد=nihad | نور الدين=nuraldin | نوري=nouri
نوفل=nawfal | هاشم=hashem | هاني=hani | هشام=hisham | هيثم=haitham | هيكل=haikal | وائل=wael
واصف=wasef | وجدي=wagdi | وديع=wadie | وسام=wissam | وسيم=wassim | وصفي=wasfi | وليد=walid
ياسر=yasser | ياسين=yassin | يافع=yafie | يامن=yamen | يحيى=yahya
`;

/** Family names (faker's `ar` ones are largely Tunisian, hence the Maghreb spellings). */
export const AR_FAMILY = `
ادريس=idris | الأشراف=alashraf | البشيري=albashiri | الحجيج=alhajij | الحمامي=alhammami
الخليفي=alkhelifi | الدرقاش=alderkach | الدنوني=aldenouni | الرصاع=alrassaa | الرقيق=alraqiq
الزوابي=alzouabi | السقا=alsaqqa | السقاط=alsaqqat | الشتيوي=alchtioui | الشريف=alsharif
الشيباني=alshaibani | الصغير=alsghir | الصفار=alsaffar | الطريقي=altriki | الطويل=altawil
الع لويني=alalouini | العطار=alattar | العلاني=alallani | العلايمي=alalaimi | العنابي=alannabi
العواني=alaouani | الغربي=algharbi | القلال=alkallel | القلشاني=alkalchani | الكافي=alkafi
الكراي=alkrai | المحجوب=almahjoub | المدقي=almadki | المنيف=almunif | المولدي=almouldi
النابلي=alnabli | النجار=alnajjar | النخلي=alnakhli | النفطي=alnafti | النفير=alnafir
النقاش=alnaqqash | الوحيشي=alouhichi | بن حسين=benhassine | بن حمودة=benhamouda | بن عاشور=benachour
بن عبد السلام=benabdessalem | بن عبد الكريم=benabdelkarim | بن عبدالله=benabdallah | بن عثمان=benothman
بن عمر=benomar | بنسلامة=bensalama | بودوارة=boudouara | بوديبة=boudiba | بوهاها=bouhaha | تومي=toumi
جابالله=jaballah | جاوحدو=jaouahdou | جراد=jrad | خنفير=khanfir | زروق=zarrouk | زقية=zaqiya
سعيد=said | سويس=souissi | شقرون=chakroun | شنيق=chniq | عاشور=achour | عطالله=atallah
عظومة=azzouma | عنون=announ | غويلة=ghouila | فقوسة=fakkousa | لخشين=lakhchine | نيفر=naifar
هذيل=hudhail | همدان=hamdan | يافع=yafie
`;
