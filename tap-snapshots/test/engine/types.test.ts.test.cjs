/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/engine/types.test.ts > TAP > seeded snapshots in non-Latin locales > locale ar 1`] = `
Object {
  "address": "جادة عنون 82477, 95068-5795 التل",
  "city": "بصرى",
  "company_name": "عطالله & الشريف",
  "email": "lina_hudhail56@yahoo.com",
  "full_name": "لينا هذيل",
  "phone": "012 030 0276",
  "postal_code": "03002-7630",
  "username": "linah56",
}
`

exports[`test/engine/types.test.ts > TAP > seeded snapshots in non-Latin locales > locale hi 1`] = `
Object {
  "address": "82 इंदिरा मार्ग, रांची, बिहार 795068",
  "city": "इलाहाबाद",
  "company_name": "शुक्ला इंडस्ट्रीज़",
  "email": "bhavna_das56@rediffmail.com",
  "full_name": "भावना दास",
  "phone": "+91 60300 27630",
  "postal_code": "703002",
  "username": "bhavnad56",
}
`

exports[`test/engine/types.test.ts > TAP > seeded snapshots in non-Latin locales > locale ja 1`] = `
Object {
  "address": "〒044-8932 徳島県東京3丁目4番3号",
  "city": "八王子",
  "company_name": "木村製薬合名会社",
  "email": "emi_iida56@gmail.com",
  "full_name": "飯田 絵美",
  "phone": "00-3002-7630",
  "postal_code": "030-0276",
  "username": "emii56",
}
`

exports[`test/engine/types.test.ts > TAP > seeded snapshots in non-Latin locales > locale ru 1`] = `
Object {
  "address": "Запорожская ул. 824, 950685 Томпа",
  "city": "Тавда",
  "company_name": "ИП Алла",
  "email": "oktyabrina_shestakova56@mail.ru",
  "full_name": "Октябрина Шестакова",
  "phone": "(903)002-76-30",
  "postal_code": "030027",
  "username": "oktyabrinas56",
}
`

exports[`test/engine/types.test.ts > TAP > seeded snapshots of every type > seed 1211 1`] = `
Object {
  "address": Array [
    "68810 Clarendon Road, Dallas, Texas 75356",
    "320 Bode Ridge, Albuquerque, New Mexico 87158",
    "97807 Priory Close, Washington, District of Columbia 20041",
  ],
  "address_line_2": Array [
    "Apt. 887",
    "Apt. 478",
    "Apt. 081",
  ],
  "age": Array [
    46,
    22,
    27,
  ],
  "allergy": Array [
    "soy",
    "tree nuts",
    "shellfish",
  ],
  "amount": Array [
    4452.63,
    653.92,
    1453.43,
  ],
  "animal_breed": Array [
    "Cockatiel",
    "Great Dane",
    "Persian",
  ],
  "animal_species": Array [
    "Parrot",
    "Dog",
    "Cat",
  ],
  "api_key": Array [
    "mk_live_mGZLgfwR7LOXZ8n18EAkWxydRKW2gxyx",
    "mk_live_2j2aDaMBxDiOIcm5uDn9ETsiLtVjZ4pl",
    "mk_live_uedVtC2TZYHB0kwe8CO9COdJEbTtcn9A",
  ],
  "array": Array [
    Array [
      "crystal",
      "oak",
      "sunset",
    ],
    Array [
      "timber",
    ],
    Array [
      "garden",
    ],
  ],
  "article_body": Array [
    String(
      Downloading offline maps before arrival keeps you oriented even without a data connection. Researching entry requirements and visa rules well before departure prevents unpleasant surprises at the border. Checking the weather and local holidays for your destination helps avoid closed museums and soggy surprises. Travel insurance is worth considering for expensive or international trips, especially coverage for medical care and cancellations.
      
      Planning one main activity per day leaves time to rest, wander and enjoy unexpected discoveries.
    ),
    String(
      Tracking how you actually spend a normal week is often more eye-opening than any productivity method. Morning routines help many people, but consistency matters far more than the specific hour you wake up. Batching small chores like replying to messages or paying bills keeps them from fragmenting an entire afternoon. Multitasking feels efficient, yet switching between tasks carries a real cost in lost focus and mistakes.
      
      Difficult, creative work usually goes best during the hours when your energy is naturally highest. A single trusted list is more useful than notes scattered across sticky pads, apps and the backs of envelopes. Leaving white space in the calendar gives you room to handle the unexpected without wrecking the whole day. Meetings without a written agenda tend to expand to fill whatever time the calendar allows.
    ),
    String(
      Foreign key constraints catch orphaned records at write time, long before they turn into confusing bugs in reports. Naming tables and columns consistently, including a single convention for plural or singular names, saves endless confusion later. Choosing the right data type, such as a date instead of a text field, lets the database validate and index values properly. Soft deletes with a deleted flag are convenient, yet every query must remember to filter those rows out.
      
      Schema migrations should be small, reversible and kept in version control alongside the application code.
    ),
  ],
  "article_excerpt": Array [
    "The best travel plans are flexible. They cover the essentials and leave the rest of the day open for discovery.",
    "Estimating how long tasks take is a skill most of us never practice. Comparing guesses with reality for a week can make your plans far more honest.",
    "Before you add another column or another table, it helps to step back and think about how the data will actually be queried.",
  ],
  "avatar": Array [
    "https://api.dicebear.com/9.x/avataaars/svg?seed=pierre819",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=victoria7163",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=michaela5706",
  ],
  "avatar_url": Array [
    "https://api.dicebear.com/9.x/avataaars/svg?seed=pierre819",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=victoria7163",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=michaela5706",
  ],
  "bank_name": Array [
    "Citibank",
    "JPMorgan Chase",
    "Bank of America",
  ],
  "barcode_ean13": Array [
    "9180512198875",
    "3617540824781",
    "6075783260815",
  ],
  "basket_total": Array [
    51.99,
    297.99,
    47.99,
  ],
  "bio": Array [
    "Marketing lead. Loves board games and open source. Building things that matter.",
    "Product designer. Loves coffee and yoga.",
    "Software engineer. Loves open source and jazz. Opinions are my own.",
  ],
  "blog_comment": Array [
    "Bookmarked for later.",
    "Great post, thanks for sharing!",
    "This was really helpful.",
  ],
  "blog_post": Array [
    String(
      The system connects daily reports. The workflow changes security reviews every week. The manager reduces performance metrics.
      
      The analysis highlights the mobile experience. Our platform tracks daily reports from day one. The support team measures user permissions.
      
      Our platform updates user permissions every week. The workflow explains security reviews. Every user tracks monthly invoices.
      
      Our customer measures team communication for new users. The app supports the checkout flow. This approach simplifies performance metrics. The project explains the onboarding process for new users.
    ),
    String(
      The team highlights the onboarding process this quarter. The update tracks data quality. The support team improves weekly planning for new users. The report highlights weekly planning. The project protects team communication.
      
      The report measures the checkout flow. Our partner reviews the checkout flow. The team builds monthly invoices.
      
      The community protects security reviews. Our platform measures customer feedback this quarter. The manager tracks customer feedback. The team changes the mobile experience across all devices. This feature shares the mobile experience.
    ),
    String(
      The manager delivers data quality for everyone. The workflow reduces inventory levels. The update builds the checkout flow.
      
      The project organizes performance metrics before launch. Our customer explains data quality for new users. The report improves weekly planning at scale. The update builds shipping times.
      
      The new release protects monthly invoices from day one. The dashboard changes the product roadmap. The community connects user permissions.
    ),
  ],
  "blood_type": Array [
    "A+",
    "O+",
    "O+",
  ],
  "boolean": Array [
    true,
    true,
    true,
  ],
  "boundary_integer": Array [
    32767,
    0,
    -1,
  ],
  "catch_phrase": Array [
    "Powering Intuitive collaboration",
    "Smart platforms for modern teams",
    "Secure solutions for modern teams",
  ],
  "city": Array [
    "Dallas",
    "Albuquerque",
    "Washington",
  ],
  "color_hex": Array [
    "#71f91b",
    "#10b76f",
    "#252f96",
  ],
  "color_name": Array [
    "teal",
    "blue",
    "yellow",
  ],
  "color_rgb": Array [
    "rgb(113, 53, 135)",
    "rgb(16, 224, 38)",
    "rgb(37, 83, 16)",
  ],
  "comment": Array [
    "Still seeing the same problem.",
    "Can we get an update on this?",
    "Please see my note above.",
  ],
  "commit_sha": Array [
    "71f91b2335a545ec8739a4bed3f40db79c6236f9",
    "10b76fcbe0eb5fd2261a324fe23d0f3300073c8a",
    "252f967a538430d410dc445f0c78bd56c31a9401",
  ],
  "company_name": Array [
    "Volkman LLC",
    "Schmitt - Nolan",
    "Bode - Block",
  ],
  "confidence_score": Array [
    0.6672,
    0.2555,
    0.3811,
  ],
  "constant": Array [
    "fixed",
    "fixed",
    "fixed",
  ],
  "country": Array [
    "United States",
    "United States",
    "United States",
  ],
  "country_code": Array [
    "US",
    "US",
    "US",
  ],
  "credit_card_cvv": Array [
    "918",
    "361",
    "607",
  ],
  "credit_card_expiry": Array [
    "06/27",
    "01/31",
    "02/27",
  ],
  "credit_card_number": Array [
    "4887320009688104",
    "4478125377320155",
    "4081271104978078",
  ],
  "currency": Array [
    "USD",
    "USD",
    "USD",
  ],
  "database_engine": Array [
    "Cassandra",
    "PostgreSQL",
    "SQLite",
  ],
  "date": Array [
    "2023-03-24",
    "2021-04-30",
    "2021-09-23",
  ],
  "date_future": Array [
    "2026-11-23",
    "2026-02-18",
    "2026-04-18",
  ],
  "date_of_birth": Array [
    "1975-10-28",
    "1953-10-15",
    "1958-06-05",
  ],
  "date_past": Array [
    "2023-03-24",
    "2021-04-30",
    "2021-09-23",
  ],
  "date_range": Array [
    Object {
      "end": "2022-01-29",
      "start": "2022-01-15",
    },
    Object {
      "end": "2025-05-24",
      "start": "2025-05-22",
    },
    Object {
      "end": "2022-08-23",
      "start": "2022-08-18",
    },
  ],
  "datetime": Array [
    "2023-03-24T22:45:53.000Z",
    "2021-04-30T05:39:51.000Z",
    "2021-09-23T05:45:34.000Z",
  ],
  "decimal": Array [
    445.21,
    65.29,
    145.25,
  ],
  "degree": Array [
    "Bachelor of Engineering",
    "High School Diploma",
    "Associate of Arts",
  ],
  "department": Array [
    "Customer Support",
    "Engineering",
    "Marketing",
  ],
  "description": Array [
    "Entry that links to supporting documents stored elsewhere.",
    "Internal record used for tracking and follow-up.",
    "One-time entry created for a specific request.",
  ],
  "diagnosis": Array [
    "Acute lumbar strain",
    "Encounter for tetanus immunization",
    "Acute otitis media, right ear",
  ],
  "discount_code": Array [
    "SPRING10-S4VD",
    "SAVE50-E6AR",
    "SAVE10-CB2L",
  ],
  "docker_image": Array [
    "alpine:slim",
    "nginx:3.12-slim",
    "postgres:bookworm",
  ],
  "domain": Array [
    "maple-oak.co",
    "aurora.com",
    "canyon-aurora.com",
  ],
  "domain_text": Array [
    "Follows the usual process for this type of entry.",
    "Entered as part of the regular review cycle.",
    "Updated after a follow-up conversation.",
  ],
  "duration": Array [
    "PT3H36M",
    "PT36M",
    "PT1H14M",
  ],
  "email": Array [
    "pierre.cruickshank426@yahoo.com",
    "victoria.sipes572@hotmail.com",
    "mgerhold@gmail.com",
  ],
  "embedding_vector": Array [
    Array [
      -0.047103,
      -0.249683,
      0.024262,
      0.281916,
      0.095313,
      -0.344185,
      -0.354037,
      -0.122451,
      0.17967,
      0.400939,
      0.087218,
      0.129674,
      0.256818,
      0.28378,
      0.405237,
      -0.243579,
    ],
    Array [
      -0.345752,
      0.301123,
      -0.279307,
      0.305222,
      -0.397601,
      -0.02361,
      -0.387593,
      0.100861,
      -0.04229,
      -0.100955,
      -0.01858,
      -0.29267,
      0.118686,
      0.042873,
      -0.363628,
      -0.231152,
    ],
    Array [
      -0.309289,
      -0.1515,
      -0.378512,
      -0.393459,
      0.228538,
      -0.162364,
      -0.031439,
      0.326687,
      0.205271,
      0.293415,
      0.269853,
      0.032824,
      -0.052727,
      0.308044,
      -0.288915,
      -0.117186,
    ],
  ],
  "emoji": Array [
    "✨",
    "😂",
    "🤔",
  ],
  "employee_id": Array [
    "EMP-918051",
    "EMP-361754",
    "EMP-607578",
  ],
  "employment_status": Array [
    "part_time",
    "full_time",
    "full_time",
  ],
  "empty_string": Array [
    "",
    "",
    "",
  ],
  "enum": Array [
    "active",
    "active",
    "active",
  ],
  "error_value": Array [
    "null",
    "N/A",
    "#REF!",
  ],
  "feedback": Array [
    "Would recommend to others.",
    "The process took longer than expected.",
    "The instructions were confusing at first.",
  ],
  "file_extension": Array [
    "svg",
    "docx",
    "xlsx",
  ],
  "file_path": Array [
    "/etc/app/crystal.py",
    "/home/user/documents/timber_timber.pdf",
    "/var/log/garden_apex.ts",
  ],
  "file_size": Array [
    "210.3 KB",
    "899 B",
    "334 B",
  ],
  "first_name": Array [
    "Pierre",
    "Victoria",
    "Michaela",
  ],
  "float": Array [
    445.2073,
    65.299,
    145.2574,
  ],
  "full_name": Array [
    "Pierre Cruickshank",
    "Victoria Sipes",
    "Michaela Gerhold",
  ],
  "future_proof_date": Array [
    "2106-02-07T06:28:16.000Z",
    "2038-01-19T03:14:08.000Z",
    "2038-01-19T03:14:07.000Z",
  ],
  "gender": Array [
    "male",
    "female",
    "female",
  ],
  "github_username": Array [
    "pierre-cruickshank",
    "victoria-sipes",
    "michaela-gerhold",
  ],
  "hash_md5": Array [
    "71f91b2335a545ec8739a4bed3f40db7",
    "10b76fcbe0eb5fd2261a324fe23d0f33",
    "252f967a538430d410dc445f0c78bd56",
  ],
  "hash_sha256": Array [
    "71f91b2335a545ec8739a4bed3f40db79c6236f91980d0f61691c6dd5b88d89a",
    "10b76fcbe0eb5fd2261a324fe23d0f3300073c8a786698ce033fd99fa07696a2",
    "252f967a538430d410dc445f0c78bd56c31a940150538dc776c4c773dfec2d66",
  ],
  "hashtag": Array [
    "#Itineraries",
    "#Communication",
    "#DatabaseDesign",
  ],
  "headline": Array [
    "Duplicate entry to be merged",
    "Review and approve changes",
    "Weekly status check",
  ],
  "http_method": Array [
    "PATCH",
    "GET",
    "POST",
  ],
  "http_status_code": Array [
    302,
    200,
    200,
  ],
  "iban": Array [
    "DE42918051219887320009",
    "DE55361754082478125377",
    "DE94607578326081271104",
  ],
  "id": Array [
    1,
    2,
    3,
  ],
  "image_url": Array [
    "https://picsum.photos/seed/maple2096/640/480",
    "https://picsum.photos/seed/aurora8786/640/480",
    "https://picsum.photos/seed/canyon3263/640/480",
  ],
  "instructions": Array [
    "Print, sign, and scan the completed form.",
    "Call ahead before arriving.",
    "Keep a copy for your records.",
  ],
  "integer": Array [
    445,
    65,
    145,
  ],
  "invoice_number": Array [
    "INV-2023-887320",
    "INV-2021-478125",
    "INV-2021-081271",
  ],
  "ip_address": Array [
    "114.249.27.36",
    "17.183.111.204",
    "38.47.150.123",
  ],
  "ipv4": Array [
    "114.249.27.36",
    "17.183.111.204",
    "38.47.150.123",
  ],
  "ipv6": Array [
    "2001:db8:71f9:1b23:35a5:45ec:8739:a4be",
    "2001:db8:10b7:6fcb:e0eb:5fd2:261a:324f",
    "2001:db8:252f:967a:5384:30d4:10dc:445f",
  ],
  "isbn": Array [
    "978-9-1805-1219-0",
    "978-3-6175-4082-4",
    "978-6-0757-8326-0",
  ],
  "job_title": Array [
    "Support Agent",
    "Engineering Manager",
    "Marketing Specialist",
  ],
  "json": Array [
    Object {
      "active": false,
      "id": 52822,
      "name": "sunset",
      "score": 0.1,
      "tags": Array [
        "maple",
        "crystal",
      ],
    },
    Object {
      "active": true,
      "id": 14884,
      "name": "timber",
      "score": 0.47,
      "tags": Array [
        "aurora",
        "timber",
      ],
    },
    Object {
      "active": false,
      "id": 6587,
      "name": "apex",
      "score": 0.31,
      "tags": Array [
        "canyon",
        "garden",
      ],
    },
  ],
  "jwt_token": Array [
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyMDk1NTMiLCJpYXQiOjE3MjY3MTI0MzgsImV4cCI6MTcyNjcxNjAzOCwic2NvcGUiOiJyZWFkIHdyaXRlIn0.h0nGFWt9mpz1-N3-fbKyYZDtlx3GYZYh3qtlnhQZZfb",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI4Nzg1OTEiLCJpYXQiOjE3MDM5MTc5NDEsImV4cCI6MTcwMzkyMTU0MSwic2NvcGUiOiJyZWFkIHdyaXRlIn0.J4AeAocXeIpjCN7VeN_fvTInTwK16QL8B2Y742umb5X",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzMjYyMzYiLCJpYXQiOjE3MDg3MTU0NDMsImV4cCI6MTcwODcxOTA0Mywic2NvcGUiOiJyZWFkIHdyaXRlIn0.EDwUd3v1zic2KXE-dp_dpDkfBvTCN_a5hTJ0GtZ6O9k",
  ],
  "label": Array [
    "cat",
    "positive",
    "negative",
  ],
  "last_name": Array [
    "Cruickshank",
    "Sipes",
    "Gerhold",
  ],
  "latitude": Array [
    35.684975,
    26.567177,
    28.486177,
  ],
  "leave_type": Array [
    "bereavement",
    "vacation",
    "sick",
  ],
  "license_key": Array [
    "QGS4V-DCMY8-VW349-G59RP-F3NNB",
    "C6E6A-RAWQM-REWTB-G7LRG-9RZKE",
    "ELCB2-LQ5Z4-3TQ5F-MC9QW-9QWBU",
  ],
  "lifespan": Array [
    20,
    7,
    12,
  ],
  "locale_code": Array [
    "en-US",
    "en-US",
    "en-US",
  ],
  "long_string": Array [
    "The design reduces security reviews in real time. Our platform protects performance metrics without extra effort. The app measures inventory levels. The dashboard builds performance metrics. This feature measures monthly invoices by default. The workflow explains the sign-up form for everyone. The new release tracks monthly invoices. The community organizes the release notes with fewer errors. This approach updates the search results. The project shares security reviews every week. The report updates account settings from day one. The app connects daily reports in real time. The team connects data quality. The team speeds up data quality. Our customer delivers the help center for new users. The support team supports the checkout flow every week. The support team improves user permissions in real time. Every user delivers the onboarding process across all devices. The manager improves daily reports. This feature updates shipping times at scale. The design shares the product roadmap. The",
    "The new release builds the onboarding process this quarter. This approach shares monthly invoices for everyone. This approach explains the onboarding process without extra effort. The report highlights weekly planning before launch. The project protects team communication. The report measures the checkout flow for new users. Our partner reviews the checkout flow. The team builds monthly invoices. The community builds the release notes. The update automates monthly invoices. The new release updates the sign-up form. Our platform delivers the onboarding process without extra effort. The update changes the checkout flow. The app builds the mobile experience by default. The workflow explains the help center in real time. The community reviews team communication. The app measures performance metrics for new users. The workflow changes the mobile experience without extra effort. The report builds the search results for everyone. The dashboard delivers the sign-up form. The manager measures a",
    "Our customer improves the sign-up form across all devices. The community protects inventory levels by default. The design shares user permissions. Our customer changes data quality every week. The analysis highlights account settings. The project improves the release notes with fewer errors. The dashboard changes the mobile experience for everyone. The design delivers the checkout flow. The new release protects monthly invoices. The dashboard changes the product roadmap. The community connects user permissions. The project shares the mobile experience. The new release updates team communication with fewer errors. The update protects data quality from day one. The update streamlines performance metrics for new users. The project protects the sign-up form. The analysis streamlines customer feedback across all devices. This feature connects the product roadmap. Our platform measures account settings. The dashboard tracks the mobile experience. Our partner highlights the checkout flow. Eve",
  ],
  "longitude": Array [
    -98.623184,
    -120.277956,
    -115.720329,
  ],
  "mac_address": Array [
    "70:f9:1b:23:45:ec",
    "10:b7:6f:cb:5f:d2",
    "24:2f:96:7a:30:d4",
  ],
  "marital_status": Array [
    "divorced",
    "single",
    "single",
  ],
  "markdown": Array [
    String(
      ## The Ultimate Truth About Machine Learning
      
      Our customer simplifies monthly invoices. The analysis connects account settings.
      
      - The system changes weekly planning.
      - The analysis highlights the mobile experience.
      
      **without extra effort**
    ),
    String(
      ## 11 Simple Tips for Gardening
      
      The team connects the mobile experience by default. The new release connects the product roadmap by default.
      
      - Our partner delivers data quality in real time.
      - The project protects team communication before launch.
      
      **without extra effort**
    ),
    String(
      ## Your Essential Guide to Remote Work
      
      The report highlights user permissions. The system reduces shipping times.
      
      - This feature tracks daily reports this quarter.
      - The project organizes performance metrics.
      
      **by default**
    ),
  ],
  "medical_specialty": Array [
    "Orthopedics",
    "Dermatology",
    "Endocrinology",
  ],
  "message": Array [
    "Let me check and get back to you.",
    "Hey, are we still on for tomorrow?",
    "Can you take a look at this when you get a chance?",
  ],
  "mime_type": Array [
    "text/csv",
    "application/pdf",
    "application/xml",
  ],
  "music_genre": Array [
    "Healing",
    "Baladas y Boleros",
    "Chant",
  ],
  "name_prefix": Array [
    "Mr.",
    "Miss",
    "Miss",
  ],
  "name_suffix": Array [
    "IV",
    "Jr.",
    "Sr.",
  ],
  "nationality": Array [
    "American",
    "American",
    "American",
  ],
  "neighborhood": Array [
    "Eastgate",
    "Old Town",
    "Riverside",
  ],
  "nickname": Array [
    "Skip",
    "Buddy",
    "Sunny",
  ],
  "note": Array [
    "Escalated, see thread.",
    "Sent follow-up email.",
    "Prefers contact by email.",
  ],
  "notification_text": Array [
    "Your report is ready to download.",
    "Your order has shipped.",
    "Your password was changed.",
  ],
  "nullable": Array [
    "crystal",
    null,
    null,
  ],
  "number": Array [
    445,
    65,
    145,
  ],
  "oauth_scope": Array [
    "write:user",
    "openid",
    "profile",
  ],
  "object": Array [
    Object {
      "city": "Dallas",
      "visits": 4,
    },
    Object {
      "city": "Albuquerque",
      "visits": 0,
    },
    Object {
      "city": "Washington",
      "visits": 1,
    },
  ],
  "one_of": Array [
    "crystal",
    "timber",
    "garden",
  ],
  "order_status": Array [
    "shipped",
    "delivered",
    "delivered",
  ],
  "paragraph": Array [
    "The system connects daily reports with fewer errors. The workflow changes security reviews every week. The manager reduces performance metrics. The analysis highlights the mobile experience this quarter.",
    "The new release builds the onboarding process. This approach shares monthly invoices for everyone. This approach explains the onboarding process without extra effort.",
    "The team measures team communication for everyone. The workflow reduces inventory levels this quarter. The update builds the checkout flow.",
  ],
  "passport_number": Array [
    "US9180512",
    "US3617540",
    "US6075783",
  ],
  "password_hash": Array [
    "$2b$10$aLfylEDUr7knxz8L18dZIwWXBrjv1EWXWf1orjlfOXXdZkCuUfpIJ",
    "$2b$10$C2H2.c.maVcGnhAL5TcL9dtRGlRuIz4OJ6/0W520skZ3VuEgvVFWR",
    "$2b$10$HSCBuSb1tzxga0IVC8bn9bnBid/tRAL9Y3fRHyErX4M7iu2l0jdYY",
  ],
  "pattern": Array [
    "FNV-0037",
    "WDW-4064",
    "IBB-3487",
  ],
  "payment_method": Array [
    "apple_pay",
    "credit_card",
    "debit_card",
  ],
  "permission": Array [
    "projects:read",
    "users:admin",
    "orders:write",
  ],
  "phone": Array [
    "682-888-1078",
    "1-505-520-1529",
    "202-281-2711",
  ],
  "phone_e164": Array [
    "+12875200096",
    "+16783253773",
    "+12814711049",
  ],
  "port_number": Array [
    14542,
    9200,
    443,
  ],
  "postal_code": Array [
    "75356",
    "87158",
    "20041",
  ],
  "price": Array [
    445.76,
    66.23,
    146.11,
  ],
  "product_category": Array [
    "Toys & Games",
    "Electronics",
    "Clothing",
  ],
  "product_description": Array [
    "Meet the Deluxe Wood Board Game: hours of fun for the whole family. Recommended for ages 6 and up.",
    "The Ultra-Slim Aluminum Tablet is quick to set up and easy to live with. Firmware updates are free.",
    "These jeans in denim are cut for a comfortable fit. Free returns within 30 days.",
  ],
  "product_material": Array [
    "Wood",
    "Aluminum",
    "Denim",
  ],
  "product_name": Array [
    "Deluxe Wood Board Game",
    "Ultra-Slim Aluminum Tablet",
    "Classic Denim Jeans",
  ],
  "product_price": Array [
    50.99,
    148.99,
    115.99,
  ],
  "programming_language": Array [
    "C",
    "JavaScript",
    "Python",
  ],
  "pronoun_set": Array [
    "he/him",
    "she/her",
    "she/her",
  ],
  "property_type": Array [
    "villa",
    "apartment",
    "house",
  ],
  "rating": Array [
    4,
    5,
    5,
  ],
  "reaction": Array [
    "wow",
    "like",
    "love",
  ],
  "reason": Array [
    "Budget constraints",
    "Personal reasons",
    "Found a better alternative",
  ],
  "ref": Array [
    null,
    null,
    null,
  ],
  "relative_time": Array [
    "in 13 hours",
    "in 1 year",
    "2 hours ago",
  ],
  "review": Array [
    "Excellent quality for the price. It does everything the listing promises. Would buy again.",
    "Not what I expected, sadly. The color is wrong. The finish scratched on day one. Such a waste.",
    "Absolutely love it. Shipping was fast. Easily recommended to anyone who asks.",
  ],
  "review_title": Array [
    "Impressive quality",
    "Broke after a week",
    "Excellent quality",
  ],
  "role": Array [
    "member",
    "admin",
    "owner",
  ],
  "salary": Array [
    Object {
      "amount": 105500,
      "currency": "USD",
      "period": "annual",
    },
    Object {
      "amount": 41000,
      "currency": "USD",
      "period": "annual",
    },
    Object {
      "amount": 54500,
      "currency": "USD",
      "period": "annual",
    },
  ],
  "semver": Array [
    "4.6.26",
    "0.27.7",
    "1.10.3",
  ],
  "seniority_level": Array [
    "staff",
    "intern",
    "junior",
  ],
  "sentence": Array [
    "The design reduces security reviews in real time.",
    "The new release builds the onboarding process this quarter.",
    "Our customer improves the sign-up form across all devices.",
  ],
  "sequence": Array [
    "1",
    "2",
    "3",
  ],
  "session_id": Array [
    "71f91b2335a545ec8739a4bed3f40db7",
    "10b76fcbe0eb5fd2261a324fe23d0f33",
    "252f967a538430d410dc445f0c78bd56",
  ],
  "shipping_carrier": Array [
    "La Poste",
    "UPS",
    "FedEx",
  ],
  "skill": Array [
    "Machine Learning",
    "Python",
    "SQL",
  ],
  "sku": Array [
    "LFN-4VDC-2005",
    "BXD-6ARA-0736",
    "DHB-B2LQ-6827",
  ],
  "slug": Array [
    "maple-oak",
    "aurora-canyon-timber-alpha",
    "canyon-aurora",
  ],
  "social_platform": Array [
    "YouTube",
    "Facebook",
    "Instagram",
  ],
  "sql_injection_string": Array [
    "1' UNION SELECT NULL, username, password FROM users --",
    "' OR '1'='1",
    "' OR 1=1 --",
  ],
  "ssn": Array [
    "400-21-5282",
    "059-87-1489",
    "131-33-0659",
  ],
  "state": Array [
    "Texas",
    "New Mexico",
    "District of Columbia",
  ],
  "state_province": Array [
    "Texas",
    "New Mexico",
    "District of Columbia",
  ],
  "stock_ticker": Array [
    "MA",
    "MSFT",
    "NVDA",
  ],
  "street_address": Array [
    "68810 Clarendon Road",
    "320 Bode Ridge",
    "97807 Priory Close",
  ],
  "street_name": Array [
    "Clarendon Road",
    "Bode Ridge",
    "Priory Close",
  ],
  "summary": Array [
    "Work was split into smaller tasks and assigned to team members.",
    "A follow-up call clarified the open questions; next steps were agreed.",
    "The item was reviewed by a manager and approved without changes.",
  ],
  "swift_code": Array [
    "LFNVUSVD200",
    "BWDWUSAR073",
    "DIBBUS2L682",
  ],
  "symptom": Array [
    "Low back pain after lifting boxes, no leg numbness",
    "Last tetanus shot over ten years ago, no wounds",
    "Right ear pain and muffled hearing after a cold",
  ],
  "tag": Array [
    "itineraries",
    "communication",
    "database-design",
  ],
  "tax_id": Array [
    "91-8051219",
    "36-1754082",
    "60-7578326",
  ],
  "team_name": Array [
    "Golden Owls",
    "Blue Foxes",
    "Red Wolves",
  ],
  "text": Array [
    "The system connects daily reports with fewer errors. The workflow changes security reviews every week. The manager reduces performance metrics.",
    "The new release builds the onboarding process. This approach shares monthly invoices for everyone.",
    "The team measures team communication for everyone. The workflow reduces inventory levels this quarter.",
  ],
  "time": Array [
    "10:41:05",
    "01:34:01",
    "03:29:10",
  ],
  "timestamp": Array [
    1679697953,
    1619761191,
    1632375934,
  ],
  "timezone": Array [
    "America/Chicago",
    "America/New_York",
    "America/New_York",
  ],
  "title": Array [
    "The Ultimate Truth About Machine Learning",
    "11 Simple Tips for Gardening",
    "Your Essential Guide to Remote Work",
  ],
  "token_count": Array [
    Object {
      "input": 811,
      "output": 264,
      "total": 1075,
    },
    Object {
      "input": 17,
      "output": 12,
      "total": 29,
    },
    Object {
      "input": 86,
      "output": 34,
      "total": 120,
    },
  ],
  "totp_secret": Array [
    "OGQ2TDCLW6TUZ27G37PNFZMMBWSY3DMM",
    "C4E4APAUOLPEURBG5KPG7PXJETJYF25I",
    "EKCBYKO3X2ZRO3FLC7OU7OUBSPAXJBG7",
  ],
  "tracking_number": Array [
    "1ZGS4VDC2005965356",
    "1Z6E6ARA0736212962",
    "1ZLCB2LQ6827976578",
  ],
  "treatment": Array [
    "Ibuprofen with food, heat, gentle walking; avoid bed rest",
    "Tetanus, diphtheria and pertussis booster given; next booster due in ten years",
    "Oral antibiotic for seven days; pain reliever as needed",
  ],
  "twitter_handle": Array [
    "@pierre_cruic53",
    "@victoria_sip",
    "@michaela_ger7",
  ],
  "unicode_string": Array [
    "Привет, мир",
    "Ñandú über café",
    "日本語のテキスト",
  ],
  "university_name": Array [
    "National University of Singapore",
    "Stanford University",
    "University of Cambridge",
  ],
  "url": Array [
    "https://www.maple-oak.co/careers",
    "https://www.aurora.com/account",
    "https://www.canyon-aurora.com/support",
  ],
  "user_agent": Array [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  ],
  "username": Array [
    "pierre9426",
    "victoria8572",
    "michaela.gerhold",
  ],
  "uuid": Array [
    "71f91b23-35a5-45ec-8739-a4bed3f40db7",
    "10b76fcb-e0eb-4fd2-a61a-324fe23d0f33",
    "252f967a-5384-40d4-90dc-445f0c78bd56",
  ],
  "vat_number": Array [
    "US918051219",
    "US361754082",
    "US607578326",
  ],
  "wallet_address": Array [
    "0x71f91b2335a545ec8739a4bed3f40db79c6236f9",
    "0x10b76fcbe0eb5fd2261a324fe23d0f3300073c8a",
    "0x252f967a538430d410dc445f0c78bd56c31a9401",
  ],
  "weight": Array [
    Object {
      "unit": "kg",
      "value": 22.29,
    },
    Object {
      "unit": "kg",
      "value": 3.31,
    },
    Object {
      "unit": "kg",
      "value": 7.3,
    },
  ],
  "word": Array [
    "maple",
    "aurora",
    "canyon",
  ],
  "words": Array [
    "crystal oak sunset",
    "timber canyon",
    "garden aurora",
  ],
  "xss_string": Array [
    "<iframe src=\\"javascript:alert(1)\\"></iframe>",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
  ],
  "zip": Array [
    "75356",
    "87158",
    "20041",
  ],
  "zip_code": Array [
    "75356",
    "87158",
    "20041",
  ],
}
`

exports[`test/engine/types.test.ts > TAP > seeded snapshots of every type > seed 1337 1`] = `
Object {
  "address": Array [
    "82172 Cherry Tree Close, Boise, Idaho 83722",
    "1925 Forest Road, Jacksonville, Florida 32099",
    "6423 State Line Road, Livingston, Texas 77399",
  ],
  "address_line_2": Array [
    "Apt. 739",
    "Apt. 685",
    "Apt. 755",
  ],
  "age": Array [
    19,
    35,
    35,
  ],
  "allergy": Array [
    "peanuts",
    "milk",
    "milk",
  ],
  "amount": Array [
    217.58,
    2835.82,
    2822.93,
  ],
  "animal_breed": Array [
    "French Bulldog",
    "Peruvian Guinea Pig",
    "Peruvian Guinea Pig",
  ],
  "animal_species": Array [
    "Dog",
    "Guinea Pig",
    "Guinea Pig",
  ],
  "api_key": Array [
    "mk_live_roBF8dCcxHEOxQjDhQoQCJKD8zJLxCjR",
    "mk_live_ItYHGizyY4xnmwxBSX28lrweqtIvWAxt",
    "mk_live_xpssnczsM9ZwJtgCCUFVUEfyWIrCJVpJ",
  ],
  "array": Array [
    Array [
      "fern",
    ],
    Array [
      "pebble",
      "galaxy",
    ],
    Array [
      "jade",
      "ember",
    ],
  ],
  "article_body": Array [
    String(
      Overlapping hours matter more than time zones, so agree on a window when everyone is reachable for quick questions. Clear response time expectations reduce the pressure to answer every message within minutes. A second monitor and a comfortable keyboard are small investments that pay off over thousands of working hours. Regular in-person gatherings, even once or twice a year, give distributed teams relationships that carry them through the months apart.
      
      A dedicated workspace, even a small corner with a proper chair, tells your brain when the workday has started.
    ),
    String(
      Removing a step from a common workflow usually delivers more value than adding a new feature. Small usability tests run every week catch more issues than one large study at the end of a project. Designers and engineers who review work together early avoid expensive surprises late in a project. A clear problem statement keeps design discussions focused on user needs instead of personal taste.
      
      Error messages should explain what went wrong and how to fix the problem, in plain language rather than technical codes. Default settings carry enormous weight, because most users never change them.
    ),
    String(
      Error messages should explain what went wrong and how to fix the problem, in plain language rather than technical codes. Removing a step from a common workflow usually delivers more value than adding a new feature. Accessibility improvements, such as sufficient contrast and keyboard navigation, make products better for everyone. Paper sketches are cheap to throw away, which makes them perfect for exploring many ideas before committing to one.
      
      Consistent spacing, typography and color make an interface feel trustworthy even when users cannot say why.
    ),
  ],
  "article_excerpt": Array [
    "From home office setups to async rituals, small choices add up to a remote workday that feels calm instead of scattered.",
    "Usability testing with just a handful of people can reveal problems a whole team missed. Watching someone struggle with your product is humbling and invaluable.",
    "Pixel-perfect mockups are the last step, not the first. The real design work happens in questions, sketches and conversations with users.",
  ],
  "avatar": Array [
    "https://api.dicebear.com/9.x/avataaars/svg?seed=beatrice105",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=dorcas8780",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=alba9936",
  ],
  "avatar_url": Array [
    "https://api.dicebear.com/9.x/avataaars/svg?seed=beatrice105",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=dorcas8780",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=alba9936",
  ],
  "bank_name": Array [
    "JPMorgan Chase",
    "Bank of America",
    "Bank of America",
  ],
  "barcode_ean13": Array [
    "5010303907390",
    "0878667126858",
    "6399212127556",
  ],
  "basket_total": Array [
    255.99,
    15.99,
    5.99,
  ],
  "bio": Array [
    "Data analyst. Loves coffee and good books. Cat person.",
    "Teacher. Loves good books and travel. Building things that matter.",
    "Teacher. Loves good books and running. Dog person.",
  ],
  "blog_comment": Array [
    "Great post, thanks for sharing!",
    "Could you write a follow-up on this?",
    "Could you write a follow-up on this?",
  ],
  "blog_post": Array [
    String(
      The design changes daily reports by default. Our platform updates data quality for everyone. Our platform organizes the checkout flow.
      
      The dashboard organizes data quality at scale. The support team highlights performance metrics. This approach tracks data quality with fewer errors. This feature protects inventory levels at scale.
      
      Our partner automates the onboarding process at scale. This feature reduces the checkout flow. The new release shares team communication. This feature reviews account settings.
    ),
    String(
      The design updates customer feedback from day one. The system automates monthly invoices every week. Our platform tracks data quality in real time. The manager builds performance metrics.
      
      Our customer reviews team communication every week. The report measures the mobile experience. The project automates the mobile experience across all devices.
      
      The project explains the product roadmap. The app speeds up monthly invoices. The project organizes inventory levels. The project reviews weekly planning.
    ),
    String(
      The report streamlines the onboarding process across all devices. This approach changes inventory levels across all devices. The report speeds up data quality with fewer errors. The design measures the sign-up form from day one.
      
      The manager explains the search results every week. The manager streamlines the product roadmap with fewer errors. The update highlights security reviews. The design delivers data quality.
      
      The support team builds daily reports. Our customer highlights security reviews. The dashboard protects monthly invoices. The new release simplifies customer feedback. This approach speeds up performance metrics.
    ),
  ],
  "blood_type": Array [
    "O+",
    "O+",
    "O+",
  ],
  "boolean": Array [
    true,
    true,
    true,
  ],
  "boundary_integer": Array [
    0,
    127,
    127,
  ],
  "catch_phrase": Array [
    "Secure insights for modern teams",
    "Data-driven experiences, simplified",
    "Cloud-native insights, simplified",
  ],
  "city": Array [
    "Boise",
    "Jacksonville",
    "Livingston",
  ],
  "color_hex": Array [
    "#058b86",
    "#489426",
    "#483fa2",
  ],
  "color_name": Array [
    "red",
    "brown",
    "brown",
  ],
  "color_rgb": Array [
    "rgb(5, 71, 61)",
    "rgb(72, 142, 78)",
    "rgb(72, 98, 65)",
  ],
  "comment": Array [
    "Looks good to me.",
    "Good catch, fixed.",
    "Good catch, fixed.",
  ],
  "commit_sha": Array [
    "058b86d947873f713dc084f873476bc1809b9d2c",
    "489426ac8ee30caa4ed756bbce82530f894081d9",
    "483fa2906249b4b5416c3fbe4b0f9d564df2db8c",
  ],
  "company_name": Array [
    "Ferry, Cruickshank and Kub",
    "Schulist - O'Kon",
    "Wintheiser, Mraz and Kirlin",
  ],
  "confidence_score": Array [
    0.1472,
    0.5325,
    0.5312,
  ],
  "constant": Array [
    "fixed",
    "fixed",
    "fixed",
  ],
  "country": Array [
    "United States",
    "United States",
    "United States",
  ],
  "country_code": Array [
    "US",
    "US",
    "US",
  ],
  "credit_card_cvv": Array [
    "501",
    "087",
    "639",
  ],
  "credit_card_expiry": Array [
    "01/27",
    "04/29",
    "04/28",
  ],
  "credit_card_number": Array [
    "4739540002821721",
    "4685442793192533",
    "4755799846642318",
  ],
  "currency": Array [
    "USD",
    "USD",
    "USD",
  ],
  "database_engine": Array [
    "PostgreSQL",
    "MongoDB",
    "MongoDB",
  ],
  "date": Array [
    "2021-02-09",
    "2022-06-02",
    "2022-05-31",
  ],
  "date_future": Array [
    "2026-01-17",
    "2026-07-27",
    "2026-07-27",
  ],
  "date_of_birth": Array [
    "1951-04-04",
    "1966-06-11",
    "1966-05-15",
  ],
  "date_past": Array [
    "2021-02-09",
    "2022-06-02",
    "2022-05-31",
  ],
  "date_range": Array [
    Object {
      "end": "2022-05-26",
      "start": "2022-05-25",
    },
    Object {
      "end": "2023-10-21",
      "start": "2023-10-12",
    },
    Object {
      "end": "2022-12-08",
      "start": "2022-11-29",
    },
  ],
  "datetime": Array [
    "2021-02-09T13:14:21.000Z",
    "2022-06-02T16:34:07.000Z",
    "2022-05-31T08:03:10.000Z",
  ],
  "decimal": Array [
    21.66,
    283.51,
    282.22,
  ],
  "degree": Array [
    "High School Diploma",
    "Bachelor of Science",
    "Bachelor of Science",
  ],
  "department": Array [
    "Engineering",
    "Finance",
    "Finance",
  ],
  "description": Array [
    "Standard entry created through the regular intake process.",
    "Entry created to track progress on an open item.",
    "Entry created to track progress on an open item.",
  ],
  "diagnosis": Array [
    "Routine health maintenance, normal exam",
    "Right ureteral stone",
    "Acute cystitis",
  ],
  "discount_code": Array [
    "SAVE10-HQS9",
    "WELCOME20-K3TS",
    "WELCOME15-JKKG",
  ],
  "docker_image": Array [
    "nginx:slim",
    "python:20-alpine",
    "python:bookworm",
  ],
  "domain": Array [
    "amber-echo.org",
    "fern.net",
    "fern-ember.com",
  ],
  "domain_text": Array [
    "Information provided at the time of entry.",
    "Added during a routine data cleanup.",
    "Added during a routine data cleanup.",
  ],
  "duration": Array [
    "PT15M",
    "PT2H19M",
    "PT2H19M",
  ],
  "email": Array [
    "beatrice_mcclure81@yahoo.com",
    "dorcas.rau@gmail.com",
    "alba.schroeder@gmail.com",
  ],
  "embedding_vector": Array [
    Array [
      -0.436216,
      -0.201167,
      -0.235992,
      -0.045316,
      0.002165,
      0.436349,
      -0.407987,
      -0.033638,
      -0.421552,
      -0.110665,
      0.029502,
      -0.002773,
      0.139109,
      -0.115663,
      0.16915,
      -0.318339,
    ],
    Array [
      -0.236558,
      0.063543,
      -0.209828,
      0.335105,
      0.039491,
      0.021137,
      -0.405188,
      -0.096959,
      -0.123249,
      0.340844,
      0.457897,
      -0.133245,
      -0.309359,
      -0.331986,
      -0.156551,
      -0.137408,
    ],
    Array [
      -0.205419,
      -0.109476,
      -0.230569,
      -0.195057,
      -0.184417,
      -0.266448,
      -0.429468,
      -0.09012,
      -0.197239,
      0.116449,
      0.464749,
      0.317881,
      -0.121806,
      0.064685,
      -0.170577,
      -0.373389,
    ],
  ],
  "emoji": Array [
    "😀",
    "👍",
    "👍",
  ],
  "employee_id": Array [
    "EMP-501030",
    "EMP-087866",
    "EMP-639921",
  ],
  "employment_status": Array [
    "full_time",
    "full_time",
    "full_time",
  ],
  "empty_string": Array [
    "",
    "",
    "",
  ],
  "enum": Array [
    "active",
    "active",
    "active",
  ],
  "error_value": Array [
    "N/A",
    "#DIV/0!",
    "#DIV/0!",
  ],
  "feedback": Array [
    "Very responsive and easy to work with.",
    "Very knowledgeable and patient with questions.",
    "Very knowledgeable and patient with questions.",
  ],
  "file_extension": Array [
    "pdf",
    "png",
    "png",
  ],
  "file_path": Array [
    "/home/user/documents/fern_maple.mp3",
    "/usr/local/bin/pebble_stone.mp3",
    "/usr/local/bin/jade_forest.jpg",
  ],
  "file_size": Array [
    "286 B",
    "558.5 KB",
    "384.5 KB",
  ],
  "first_name": Array [
    "Beatrice",
    "Dorcas",
    "Alba",
  ],
  "float": Array [
    21.6603,
    283.5106,
    282.221,
  ],
  "full_name": Array [
    "Beatrice McClure",
    "Dorcas Rau",
    "Alba Schroeder",
  ],
  "future_proof_date": Array [
    "2038-01-19T03:14:08.000Z",
    "2100-01-01T00:00:00.000Z",
    "2100-01-01T00:00:00.000Z",
  ],
  "gender": Array [
    "female",
    "female",
    "female",
  ],
  "github_username": Array [
    "beatrice-mcclure",
    "dorcas-rau",
    "alba-schroeder",
  ],
  "hash_md5": Array [
    "058b86d947873f713dc084f873476bc1",
    "489426ac8ee30caa4ed756bbce82530f",
    "483fa2906249b4b5416c3fbe4b0f9d56",
  ],
  "hash_sha256": Array [
    "058b86d947873f713dc084f873476bc1809b9d2cfa7e0d270d783970768e9638",
    "489426ac8ee30caa4ed756bbce82530f894081d984f3bbe421125bbf6948c651",
    "483fa2906249b4b5416c3fbe4b0f9d564df2db8c37af65290b70d7d1678a80fb",
  ],
  "hashtag": Array [
    "#Data",
    "#HealthyHabits",
    "#HealthyHabits",
  ],
  "headline": Array [
    "Follow up on open request",
    "New request received",
    "New request received",
  ],
  "http_method": Array [
    "GET",
    "POST",
    "POST",
  ],
  "http_status_code": Array [
    200,
    201,
    201,
  ],
  "iban": Array [
    "DE72501030390739540002",
    "DE96087866712685442793",
    "DE28639921212755799846",
  ],
  "id": Array [
    1,
    2,
    3,
  ],
  "image_url": Array [
    "https://picsum.photos/seed/amber2794/640/480",
    "https://picsum.photos/seed/fern5581/640/480",
    "https://picsum.photos/seed/fern3839/640/480",
  ],
  "instructions": Array [
    "Fill in all required fields before submitting.",
    "Bring a valid photo ID.",
    "Bring a valid photo ID.",
  ],
  "integer": Array [
    21,
    283,
    282,
  ],
  "invoice_number": Array [
    "INV-2021-739540",
    "INV-2022-685442",
    "INV-2022-755799",
  ],
  "ip_address": Array [
    "6.139.134.218",
    "73.148.38.173",
    "73.63.162.145",
  ],
  "ipv4": Array [
    "6.139.134.218",
    "73.148.38.173",
    "73.63.162.145",
  ],
  "ipv6": Array [
    "2001:db8:58b:86d9:4787:3f71:3dc0:84f8",
    "2001:db8:4894:26ac:8ee3:caa:4ed7:56bb",
    "2001:db8:483f:a290:6249:b4b5:416c:3fbe",
  ],
  "isbn": Array [
    "978-5-0103-0390-7",
    "978-0-8786-6712-3",
    "978-6-3992-1212-5",
  ],
  "job_title": Array [
    "Software Engineer",
    "Senior Accountant",
    "Accountant",
  ],
  "json": Array [
    Object {
      "active": false,
      "id": 24122,
      "name": "maple",
      "score": 0.98,
      "tags": Array [
        "amber",
        "fern",
      ],
    },
    Object {
      "active": false,
      "id": 30798,
      "name": "stone",
      "score": 0.52,
      "tags": Array [
        "fern",
        "pebble",
      ],
    },
    Object {
      "active": true,
      "id": 25556,
      "name": "forest",
      "score": 0.22,
      "tags": Array [
        "fern",
        "jade",
      ],
    },
  ],
  "jwt_token": Array [
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyNzk0MDgiLCJpYXQiOjE3MDEyOTk2MTUsImV4cCI6MTcwMTMwMzIxNSwic2NvcGUiOiJyZWFkIHdyaXRlIn0.Pcg-DdCYifpXrJeHsPrdkme-aknXdJsLu1jXr77AzM0",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI1NTgxNTIiLCJpYXQiOjE3MTcwMTA2MzYsImV4cCI6MTcxNzAxNDIzNiwic2NvcGUiOiJyZWFkIHdyaXRlIn0.TzihIaYz6YNMWXcty4-LRWEQUjWyaYUc6ZV1dklvqJY",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIzODM5MzciLCJpYXQiOjE3MTY5MzMyNTksImV4cCI6MTcxNjkzNjg1OSwic2NvcGUiOiJyZWFkIHdyaXRlIn0.QSTNCZSn_1XkUGddwgxwfFZyjSdkxPkwbdnkiUf3sl3",
  ],
  "label": Array [
    "positive",
    "spam",
    "spam",
  ],
  "last_name": Array [
    "McClure",
    "Rau",
    "Schroeder",
  ],
  "latitude": Array [
    25.519846,
    31.804255,
    31.773304,
  ],
  "leave_type": Array [
    "vacation",
    "parental",
    "parental",
  ],
  "license_key": Array [
    "AJHQS-9BQBN-TRWMX-ERDYH-XQUVR",
    "KTK3T-SEPN3-7NGGM-MQY36-9FJMC",
    "KNJKK-GBNKV-94MUL-DQQ2S-22RCN",
  ],
  "lifespan": Array [
    10,
    5,
    5,
  ],
  "locale_code": Array [
    "en-US",
    "en-US",
    "en-US",
  ],
  "long_string": Array [
    "The dashboard highlights shipping times across all devices. Our customer highlights the onboarding process. The project organizes monthly invoices with fewer errors. This feature highlights customer feedback. The dashboard organizes data quality. The support team highlights performance metrics. This approach tracks data quality with fewer errors. This feature protects inventory levels at scale. Our platform organizes the help center. The team reduces the checkout flow. This feature organizes customer feedback. The workflow supports the search results across all devices. Every user speeds up the sign-up form. The community automates the onboarding process at scale. The new release reviews the sign-up form. The community reviews user permissions from day one. The manager delivers monthly invoices from day one. The community builds daily reports. The update delivers shipping times across all devices. The new release builds team communication. The dashboard simplifies the product roadmap. ",
    "The report reduces shipping times with fewer errors. The new release shares monthly invoices. Our partner tracks weekly planning. Our platform highlights the release notes every week. The community changes the checkout flow. Our customer reviews team communication every week. The report measures the mobile experience. The project automates the mobile experience across all devices. The project explains the product roadmap this quarter. The app speeds up monthly invoices. The project organizes inventory levels. The project reviews weekly planning. This approach tracks the onboarding process. The support team speeds up the help center. The report connects shipping times from day one. The design connects the help center every week. The app highlights user permissions. This approach simplifies the search results. The support team measures customer feedback in real time. The update changes the sign-up form by default. This feature builds the product roadmap with fewer errors. The report prot",
    "Every user reviews team communication every week. The update reviews security reviews for everyone. The system tracks the product roadmap. The project highlights the sign-up form without extra effort. The manager measures data quality. The manager explains the search results every week. The manager streamlines the product roadmap with fewer errors. The update highlights security reviews. The design delivers data quality. The workflow explains user permissions. Our customer highlights security reviews with fewer errors. The dashboard protects monthly invoices. The new release simplifies customer feedback. This approach speeds up performance metrics. The manager shares shipping times without extra effort. The workflow supports performance metrics in real time. The system speeds up shipping times this quarter. The new release organizes inventory levels. The app reviews daily reports. The project changes customer feedback. The workflow protects the sign-up form before launch. Our customer ",
  ],
  "longitude": Array [
    -122.765365,
    -107.839895,
    -107.913403,
  ],
  "mac_address": Array [
    "04:8b:86:d9:3f:71",
    "48:94:26:ac:0c:aa",
    "48:3f:a2:90:b4:b5",
  ],
  "marital_status": Array [
    "single",
    "married",
    "married",
  ],
  "markdown": Array [
    String(
      ## 5 Modern Tips for Travel Planning
      
      The analysis simplifies data quality. The design highlights account settings every week.
      
      - This feature highlights customer feedback at scale.
      - The dashboard organizes data quality.
      
      **with fewer errors**
    ),
    String(
      ## Your Hidden Guide to Machine Learning
      
      The design speeds up the mobile experience. Our partner tracks weekly planning from day one.
      
      - Our platform highlights the release notes every week.
      - The community changes the checkout flow.
      
      **across all devices**
    ),
    String(
      ## Your Modern Guide to Product Design
      
      The team shares the search results in real time. The analysis reduces monthly invoices.
      
      - The report speeds up data quality.
      - The design measures the sign-up form from day one.
      
      **by default**
    ),
  ],
  "medical_specialty": Array [
    "Cardiology",
    "Neurology",
    "Neurology",
  ],
  "message": Array [
    "Hey, are we still on for tomorrow?",
    "Running about 10 minutes late.",
    "Running about 10 minutes late.",
  ],
  "mime_type": Array [
    "application/json",
    "application/octet-stream",
    "application/octet-stream",
  ],
  "music_genre": Array [
    "Afro-Pop",
    "Early Music",
    "EDM",
  ],
  "name_prefix": Array [
    "Miss",
    "Miss",
    "Miss",
  ],
  "name_suffix": Array [
    "Jr.",
    "II",
    "II",
  ],
  "nationality": Array [
    "American",
    "American",
    "American",
  ],
  "neighborhood": Array [
    "Downtown",
    "University Quarter",
    "University Quarter",
  ],
  "nickname": Array [
    "Ace",
    "Doc",
    "Doc",
  ],
  "note": Array [
    "Left voicemail.",
    "Needs manager sign-off.",
    "Needs manager sign-off.",
  ],
  "notification_text": Array [
    "Your order has shipped.",
    "Payment received. Thank you!",
    "Payment received. Thank you!",
  ],
  "nullable": Array [
    null,
    "pebble",
    "jade",
  ],
  "number": Array [
    21,
    283,
    282,
  ],
  "oauth_scope": Array [
    "openid",
    "offline_access",
    "offline_access",
  ],
  "object": Array [
    Object {
      "city": "Boise",
      "visits": 0,
    },
    Object {
      "city": "Jacksonville",
      "visits": 2,
    },
    Object {
      "city": "Livingston",
      "visits": 2,
    },
  ],
  "one_of": Array [
    "fern",
    "pebble",
    "jade",
  ],
  "order_status": Array [
    "delivered",
    "delivered",
    "delivered",
  ],
  "paragraph": Array [
    "The project updates performance metrics in real time. The team tracks shipping times by default. Our platform organizes the checkout flow for new users.",
    "The report reduces shipping times. The new release shares monthly invoices. Our partner tracks weekly planning. Our platform highlights the release notes every week.",
    "Every user delivers weekly planning across all devices. Every user connects performance metrics every week. Our platform explains team communication. The project measures shipping times by default.",
  ],
  "passport_number": Array [
    "US5010303",
    "US0878667",
    "US6399212",
  ],
  "password_hash": Array [
    "$2b$10$/PNae8BbAWgdnVpHcFqNpbikc8YilVbHqJszhVp55.xKyJpHaTtIQ",
    "$2b$10$QhRxgfGYWx4WLKUVarw28JPUCOShUwYWSa4XTzbijtoHW2cny7bPN",
    "$2b$10$QWOQRLAXQl9zViSEbbuevudDXwhQbivNiuZbligSd1qj1EiBbkvMt",
  ],
  "pattern": Array [
    "HGL-9040",
    "OIU-5143",
    "JGH-2042",
  ],
  "payment_method": Array [
    "credit_card",
    "paypal",
    "paypal",
  ],
  "permission": Array [
    "users:write",
    "invoices:delete",
    "invoices:write",
  ],
  "phone": Array [
    "208.221.7206",
    "(407) 392-5372",
    "409.842.3167",
  ],
  "phone_e164": Array [
    "+19397400028",
    "+18856427931",
    "+19559998466",
  ],
  "port_number": Array [
    80,
    5432,
    443,
  ],
  "postal_code": Array [
    "83722",
    "32099",
    "77399",
  ],
  "price": Array [
    22.63,
    284.22,
    282.94,
  ],
  "product_category": Array [
    "Electronics",
    "Sports & Outdoors",
    "Sports & Outdoors",
  ],
  "product_description": Array [
    "Meet the Portable Aluminum Smartwatch: backed by a two-year warranty. Firmware updates are free.",
    "Meet the Compact Stainless Steel Water Bottle: ready for the trail or the gym. Leak-proof lid.",
    "Made from ripstop nylon, this tent is made for long days outdoors. Tested in the field by our team.",
  ],
  "product_material": Array [
    "Aluminum",
    "Stainless Steel",
    "Ripstop Nylon",
  ],
  "product_name": Array [
    "Portable Aluminum Smartwatch",
    "Compact Stainless Steel Water Bottle",
    "Ultralight Ripstop Nylon Tent",
  ],
  "product_price": Array [
    350,
    29.99,
    259.99,
  ],
  "programming_language": Array [
    "TypeScript",
    "Rust",
    "Rust",
  ],
  "pronoun_set": Array [
    "they/them",
    "she/her",
    "she/her",
  ],
  "property_type": Array [
    "apartment",
    "townhouse",
    "townhouse",
  ],
  "rating": Array [
    5,
    5,
    5,
  ],
  "reaction": Array [
    "like",
    "love",
    "love",
  ],
  "reason": Array [
    "Change of plans",
    "Follow-up on a previous request",
    "Follow-up on a previous request",
  ],
  "ref": Array [
    null,
    null,
    null,
  ],
  "relative_time": Array [
    "just now",
    "in 10 days",
    "7 hours ago",
  ],
  "review": Array [
    "Best purchase I have made this year. Customer service was helpful.",
    "Really good overall. It does everything the listing promises.",
    "Really good overall. The color is exactly as pictured. Feels sturdy and well made. Easily recommended to anyone who asks.",
  ],
  "review_title": Array [
    "Worth every penny",
    "Better than expected",
    "Worth every penny",
  ],
  "role": Array [
    "admin",
    "editor",
    "editor",
  ],
  "salary": Array [
    Object {
      "amount": 33500,
      "currency": "USD",
      "period": "annual",
    },
    Object {
      "amount": 78000,
      "currency": "USD",
      "period": "annual",
    },
    Object {
      "amount": 78000,
      "currency": "USD",
      "period": "annual",
    },
  ],
  "semver": Array [
    "0.8.12",
    "2.17.15",
    "2.11.13",
  ],
  "seniority_level": Array [
    "intern",
    "senior",
    "senior",
  ],
  "sentence": Array [
    "The dashboard highlights shipping times across all devices.",
    "The report reduces shipping times with fewer errors.",
    "Every user reviews team communication every week.",
  ],
  "sequence": Array [
    "1",
    "2",
    "3",
  ],
  "session_id": Array [
    "058b86d947873f713dc084f873476bc1",
    "489426ac8ee30caa4ed756bbce82530f",
    "483fa2906249b4b5416c3fbe4b0f9d56",
  ],
  "shipping_carrier": Array [
    "UPS",
    "USPS",
    "USPS",
  ],
  "skill": Array [
    "JavaScript",
    "Public Speaking",
    "Public Speaking",
  ],
  "sku": Array [
    "AGF-QS9B-6506",
    "GPH-3TSE-1407",
    "GKG-KKGB-5320",
  ],
  "slug": Array [
    "amber-echo",
    "fern-galaxy-stone",
    "fern-ember-forest",
  ],
  "social_platform": Array [
    "Facebook",
    "LinkedIn",
    "LinkedIn",
  ],
  "sql_injection_string": Array [
    "' OR '1'='1",
    "'; DROP TABLE users; --",
    "'; DROP TABLE users; --",
  ],
  "ssn": Array [
    "020-28-2412",
    "255-56-3080",
    "254-39-2556",
  ],
  "state": Array [
    "Idaho",
    "Florida",
    "Texas",
  ],
  "state_province": Array [
    "Idaho",
    "Florida",
    "Texas",
  ],
  "stock_ticker": Array [
    "AAPL",
    "JPM",
    "JPM",
  ],
  "street_address": Array [
    "82172 Cherry Tree Close",
    "1925 Forest Road",
    "6423 State Line Road",
  ],
  "street_name": Array [
    "Cherry Tree Close",
    "Forest Road",
    "State Line Road",
  ],
  "summary": Array [
    "Request received, reviewed, and routed to the appropriate team.",
    "The requester asked for a change in timing, which was accommodated.",
    "The requester asked for a change in timing, which was accommodated.",
  ],
  "swift_code": Array [
    "AHGLUSS9650",
    "HOIUUSTS140",
    "HJGHUSKG532",
  ],
  "symptom": Array [
    "Feels well, requests routine screening",
    "Severe colicky right flank pain spreading to groin, blood in urine",
    "Painful, frequent urination with urgency for two days",
  ],
  "tag": Array [
    "data",
    "healthy-habits",
    "healthy-habits",
  ],
  "tax_id": Array [
    "50-1030390",
    "08-7866712",
    "63-9921212",
  ],
  "team_name": Array [
    "Blue Owls",
    "Rapid Builders",
    "Rapid Wolves",
  ],
  "text": Array [
    "The project updates performance metrics in real time. The team tracks shipping times by default.",
    "The report reduces shipping times. The new release shares monthly invoices. Our partner tracks weekly planning.",
    "Every user delivers weekly planning across all devices. Every user connects performance metrics every week. Our platform explains team communication.",
  ],
  "time": Array [
    "00:31:11",
    "06:48:15",
    "06:46:23",
  ],
  "timestamp": Array [
    1612876461,
    1654187647,
    1653984190,
  ],
  "timezone": Array [
    "America/New_York",
    "America/Chicago",
    "America/Chicago",
  ],
  "title": Array [
    "5 Modern Tips for Travel Planning",
    "Your Hidden Guide to Machine Learning",
    "Your Modern Guide to Product Design",
  ],
  "token_count": Array [
    Object {
      "input": 1,
      "output": 1,
      "total": 2,
    },
    Object {
      "input": 329,
      "output": 176,
      "total": 505,
    },
    Object {
      "input": 326,
      "output": 140,
      "total": 466,
    },
  ],
  "totp_secret": Array [
    "AIHOQ7BOBMRPULVEPDWHVOSTP7NSTLOE",
    "JRJZRQENMZ5MGGLLOWZ47FILCIKRLZNM",
    "JMIJJGBMJT72LSKDOOYQYYPCMZRJOSYH",
  ],
  "tracking_number": Array [
    "1ZJHQS9B6506509895",
    "1ZTK3TSE1407736679",
    "1ZNJKKGB5320317372",
  ],
  "treatment": Array [
    "Lipid panel and blood sugar drawn; results to be shared by phone",
    "Pain control and fluids; urine strainer given; urology referral",
    "Nitrofurantoin twice daily for five days; extra fluids; urine culture sent",
  ],
  "twitter_handle": Array [
    "@beatrice_mcc24",
    "@dorcas_rau",
    "@alba_schroed26",
  ],
  "unicode_string": Array [
    "Zoë Saldaña",
    "العربية نص",
    "العربية نص",
  ],
  "university_name": Array [
    "Massachusetts Institute of Technology",
    "Technische Universität München",
    "Technische Universität München",
  ],
  "url": Array [
    "https://www.amber-echo.org/contact",
    "https://www.fern.net/account",
    "https://www.fern-ember.com/pricing",
  ],
  "user_agent": Array [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  ],
  "username": Array [
    "beatricem81",
    "dorcas_rau",
    "alba_schroeder",
  ],
  "uuid": Array [
    "058b86d9-4787-4f71-bdc0-84f873476bc1",
    "489426ac-8ee3-4caa-8ed7-56bbce82530f",
    "483fa290-6249-44b5-816c-3fbe4b0f9d56",
  ],
  "vat_number": Array [
    "US501030390",
    "US087866712",
    "US639921212",
  ],
  "wallet_address": Array [
    "0x058b86d947873f713dc084f873476bc1809b9d2c",
    "0x489426ac8ee30caa4ed756bbce82530f894081d9",
    "0x483fa2906249b4b5416c3fbe4b0f9d564df2db8c",
  ],
  "weight": Array [
    Object {
      "unit": "kg",
      "value": 1.13,
    },
    Object {
      "unit": "kg",
      "value": 14.21,
    },
    Object {
      "unit": "kg",
      "value": 14.14,
    },
  ],
  "word": Array [
    "amber",
    "fern",
    "fern",
  ],
  "words": Array [
    "fern echo",
    "pebble galaxy stone",
    "jade ember forest",
  ],
  "xss_string": Array [
    "<script>alert(1)</script>",
    "\\"><svg/onload=alert(1)>",
    "\\"><svg/onload=alert(1)>",
  ],
  "zip": Array [
    "83722",
    "32099",
    "77399",
  ],
  "zip_code": Array [
    "83722",
    "32099",
    "77399",
  ],
}
`

exports[`test/engine/types.test.ts > TAP > seeded snapshots of every type > seed 42 1`] = `
Object {
  "address": Array [
    "82477 Dandre Center, Salt Lake City, Utah 84138",
    "39728 Dickens Row, Orlando, Florida 32832",
    "369 Stracke Cliff, Winter Garden, Florida 34778",
  ],
  "address_line_2": Array [
    "Suite 030",
    "Suite 252",
    "Suite 417",
  ],
  "age": Array [
    67,
    49,
    72,
  ],
  "allergy": Array [
    "penicillin",
    "sesame",
    "latex",
  ],
  "amount": Array [
    7808.03,
    5005.38,
    8706.81,
  ],
  "animal_breed": Array [
    "Boer",
    "Arabian",
    "Kunekune",
  ],
  "animal_species": Array [
    "Goat",
    "Horse",
    "Pig",
  ],
  "api_key": Array [
    "mk_test_a4YVihPwavFXJjOSRzrC6pitR2DpGcWE",
    "mk_test_mGgVbWONvfBcmXmaX4Ws1pTeTBVVgs7z",
    "mk_test_3rAyjhR6ETTLwDk5k0HBgtWG6VuHCnGo",
  ],
  "array": Array [
    Array [
      "alpha",
      "valley",
      "summit",
      "spark",
    ],
    Array [
      "crystal",
      "oak",
      "blaze",
    ],
    Array [
      "trail",
      "fern",
      "lagoon",
      "jade",
      "canyon",
    ],
  ],
  "article_body": Array [
    "Latency and memory limits in production can rule out models that perform best in offline experiments. Transfer learning lets teams start from a pretrained model and adapt it with far less data and compute. Learning curves reveal whether collecting more data or building a more complex model is the better next step. Cross-validation gives a more reliable estimate of performance than a single train and test split.",
    String(
      Cooking more meals at home makes it easier to control portions, salt and added sugar. Starting a new habit at a ridiculously small size, like one push-up, removes the resistance to beginning. Preparing a gym bag or workout clothes the night before removes one more excuse in the morning. A short walk after meals can help with digestion and break up long stretches of sitting.
      
      Eating without screens or distractions makes it easier to notice when you are actually full.
    ),
    String(
      Raised beds warm up faster in spring and make it easier to control soil quality. Hardening off seedlings by gradually exposing them to outdoor conditions prevents transplant shock. Watering deeply and less often encourages roots to grow down, making plants more resilient during dry spells. Watching how sunlight moves across the yard for a full day shows where sun-loving vegetables will actually thrive.
      
      Compost improves soil structure and feeds the microorganisms that help plants absorb nutrients. Trellises and cages let climbing plants grow upward, saving space and improving airflow. Starting with a small plot and expanding later is far more satisfying than abandoning a garden that grew too big to manage. A simple garden journal of planting times, varieties and results makes each season better than the last.
    ),
  ],
  "article_excerpt": Array [
    "Machine learning is less about clever algorithms and more about good data, honest evaluation and patient iteration.",
    "Forget the quick-fix challenges. Sustainable health is about routines you can keep for years.",
    "Autumn is a surprisingly good time to work in the garden. Planting bulbs, adding compost and tidying beds sets the stage for a strong spring.",
  ],
  "avatar": Array [
    "https://api.dicebear.com/9.x/avataaars/svg?seed=mireille6497",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=dorris421",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=leslie8717",
  ],
  "avatar_url": Array [
    "https://api.dicebear.com/9.x/avataaars/svg?seed=mireille6497",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=dorris421",
    "https://api.dicebear.com/9.x/avataaars/svg?seed=leslie8717",
  ],
  "bank_name": Array [
    "PNC Bank",
    "Citibank",
    "Capital One",
  ],
  "barcode_ean13": Array [
    "7946243530306",
    "1240859412527",
    "7178849374170",
  ],
  "basket_total": Array [
    333.99,
    48.99,
    387.98,
  ],
  "bio": Array [
    "Chef. Loves gardening and coffee. Building things that matter.",
    "Marketing lead. Loves travel and open source. Opinions are my own.",
    "Teacher. Loves yoga and good food. Dog person.",
  ],
  "blog_comment": Array [
    "Love the examples.",
    "Clear and well written.",
    "Where can I read more about this?",
  ],
  "blog_post": Array [
    String(
      The system measures customer feedback. Our platform improves team communication at scale. The system explains customer feedback.
      
      The workflow shares the search results. Every user speeds up team communication before launch. The community highlights the search results. The team measures data quality.
      
      This approach automates the mobile experience without extra effort. The new release shares user permissions every week. The manager highlights daily reports.
      
      The update shares daily reports without extra effort. Every user builds weekly planning at scale. The community shares the checkout flow. The team simplifies the checkout flow in real time. The app updates customer feedback for new users.
      
      The system organizes the release notes. The update speeds up the mobile experience by default. This approach changes account settings. The analysis explains the checkout flow. The app speeds up team communication in real time.
    ),
    String(
      The new release measures the onboarding process. The app connects team communication. The team supports inventory levels by default.
      
      Our partner measures the search results from day one. The dashboard protects daily reports. The update measures the sign-up form.
      
      The update delivers the onboarding process before launch. The support team improves the onboarding process by default. Our platform protects data quality.
      
      This feature speeds up the product roadmap. The dashboard highlights account settings. This feature measures team communication. The report connects team communication.
    ),
    String(
      Our platform speeds up customer feedback by default. Our partner highlights the release notes. This approach tracks data quality. This feature reduces shipping times before launch. The report measures shipping times without extra effort.
      
      The report updates data quality. The dashboard simplifies data quality with fewer errors. The app highlights the product roadmap before launch. The project improves the mobile experience. The support team organizes the help center.
      
      Our platform tracks customer feedback in real time. The update connects security reviews. Every user explains the help center.
      
      The project changes team communication. This approach connects the release notes every week. The report tracks security reviews from day one.
      
      This feature shares user permissions in real time. The system protects the checkout flow for everyone. The system highlights weekly planning.
    ),
  ],
  "blood_type": Array [
    "AB+",
    "A+",
    "B-",
  ],
  "boolean": Array [
    false,
    false,
    false,
  ],
  "boundary_integer": Array [
    -2147483648,
    -32768,
    9007199254740991,
  ],
  "catch_phrase": Array [
    "Adaptive strategies that scale with you",
    "Powering Intuitive collaboration",
    "Rethinking experiences",
  ],
  "city": Array [
    "Salt Lake City",
    "Orlando",
    "Winter Garden",
  ],
  "color_hex": Array [
    "#c7e13a",
    "#801ffe",
    "#dee411",
  ],
  "color_name": Array [
    "violet",
    "navy",
    "silver",
  ],
  "color_rgb": Array [
    "rgb(199, 2, 232)",
    "rgb(128, 53, 133)",
    "rgb(222, 229, 73)",
  ],
  "comment": Array [
    "Noted, thanks.",
    "Let's discuss at the next meeting.",
    "Not urgent, whenever you get a chance.",
  ],
  "commit_sha": Array [
    "c7e13a4102304d9ee814cd74d0c25be8c28d2f66",
    "801ffe853575c3ac85203e291c4c7a7dc38ac02b",
    "dee411cde52d98da49736f8b6b9aae636351c9ec",
  ],
  "company_name": Array [
    "Rippin LLC",
    "Murphy - Champlin",
    "Wisoky, Roberts and Murazik",
  ],
  "confidence_score": Array [
    0.8836,
    0.7075,
    0.9331,
  ],
  "constant": Array [
    "fixed",
    "fixed",
    "fixed",
  ],
  "country": Array [
    "United States",
    "United States",
    "United States",
  ],
  "country_code": Array [
    "US",
    "US",
    "US",
  ],
  "credit_card_cvv": Array [
    "794",
    "124",
    "717",
  ],
  "credit_card_expiry": Array [
    "10/26",
    "07/27",
    "11/31",
  ],
  "credit_card_number": Array [
    "5182477639804482",
    "5239728433214143",
    "5536910323299299",
  ],
  "currency": Array [
    "USD",
    "USD",
    "IDR",
  ],
  "database_engine": Array [
    "CockroachDB",
    "DynamoDB",
    "Microsoft SQL Server",
  ],
  "date": Array [
    "2024-11-26",
    "2023-07-03",
    "2025-05-09",
  ],
  "date_future": Array [
    "2027-07-25",
    "2027-01-02",
    "2027-09-29",
  ],
  "date_of_birth": Array [
    "1995-04-15",
    "1979-01-11",
    "2000-07-01",
  ],
  "date_past": Array [
    "2024-11-26",
    "2023-07-03",
    "2025-05-09",
  ],
  "date_range": Array [
    Object {
      "end": "2021-02-09",
      "start": "2021-01-16",
    },
    Object {
      "end": "2022-01-29",
      "start": "2022-01-13",
    },
    Object {
      "end": "2025-06-26",
      "start": "2025-05-30",
    },
  ],
  "datetime": Array [
    "2024-11-26T16:55:20.000Z",
    "2023-07-03T21:23:40.000Z",
    "2025-05-09T20:08:07.000Z",
  ],
  "decimal": Array [
    780.78,
    500.49,
    870.67,
  ],
  "degree": Array [
    "PhD",
    "Master of Science",
    "MD",
  ],
  "department": Array [
    "Research",
    "Legal",
    "Procurement",
  ],
  "description": Array [
    "Entry logging a request received through the public form.",
    "Master record from which related entries are created.",
    "Entry documenting an issue, its impact, and the steps taken.",
  ],
  "diagnosis": Array [
    "Generalized anxiety disorder",
    "Patellofemoral pain syndrome",
    "Acute gout flare",
  ],
  "discount_code": Array [
    "FREESHIP5-742E",
    "VIP10-SD2A",
    "DEAL50-KPNE",
  ],
  "docker_image": Array [
    "traefik:latest",
    "ubuntu:slim",
    "prom/prometheus:3.12-slim",
  ],
  "domain": Array [
    "spruce-valley.co",
    "nebula-oak.com",
    "tide.com",
  ],
  "domain_text": Array [
    "Default settings were applied.",
    "Previous version kept for reference.",
    "Received in writing.",
  ],
  "duration": Array [
    "PT6H16M",
    "PT4H3M",
    "PT6H59M",
  ],
  "email": Array [
    "mireille_wisoky56@yahoo.com",
    "dorris_smith76@yahoo.com",
    "leslie_mante44@yahoo.com",
  ],
  "embedding_vector": Array [
    Array [
      0.230711,
      -0.403814,
      0.334068,
      0.259211,
      0.213609,
      -0.296514,
      -0.308182,
      0.141629,
      -0.113624,
      -0.401897,
      -0.131099,
      0.006004,
      0.247247,
      0.061083,
      -0.288363,
      0.129074,
    ],
    Array [
      0.000424,
      -0.252665,
      0.017375,
      -0.337954,
      0.228945,
      -0.408103,
      0.242493,
      0.137982,
      0.122168,
      -0.135736,
      -0.357815,
      -0.053989,
      -0.396126,
      -0.261504,
      0.261422,
      -0.258657,
    ],
    Array [
      0.349924,
      0.373109,
      -0.201158,
      -0.075212,
      -0.105764,
      -0.334261,
      -0.361534,
      0.184033,
      0.4222,
      -0.010719,
      0.215866,
      0.228389,
      0.094902,
      -0.136028,
      -0.02494,
      -0.315389,
    ],
  ],
  "emoji": Array [
    "💯",
    "💡",
    "☕",
  ],
  "employee_id": Array [
    "EMP-794624",
    "EMP-124085",
    "EMP-717884",
  ],
  "employment_status": Array [
    "on_leave",
    "part_time",
    "on_leave",
  ],
  "empty_string": Array [
    "",
    "",
    "",
  ],
  "enum": Array [
    "inactive",
    "active",
    "inactive",
  ],
  "error_value": Array [
    "-",
    "undefined",
    "None",
  ],
  "feedback": Array [
    "Nobody got back to me after the first contact.",
    "The online form was easy to use.",
    "Shows real initiative and learns quickly.",
  ],
  "file_extension": Array [
    "ts",
    "mp3",
    "log",
  ],
  "file_path": Array [
    "/opt/service/config/alpha.py",
    "/srv/data/crystal.xlsx",
    "/opt/service/config/trail_lagoon.gif",
  ],
  "file_size": Array [
    "9.5 GB",
    "209.6 MB",
    "895.3 GB",
  ],
  "first_name": Array [
    "Mireille",
    "Dorris",
    "Leslie",
  ],
  "float": Array [
    780.7804,
    500.4882,
    870.6676,
  ],
  "full_name": Array [
    "Mireille Wisoky",
    "Dorris Smith",
    "Leslie Mante",
  ],
  "future_proof_date": Array [
    "2050-06-15T12:00:00.000Z",
    "2999-12-31T23:59:59.000Z",
    "2050-06-15T12:00:00.000Z",
  ],
  "gender": Array [
    "female",
    "female",
    "female",
  ],
  "github_username": Array [
    "mireillew9",
    "dorriss209",
    "lesliem895",
  ],
  "hash_md5": Array [
    "c7e13a4102304d9ee814cd74d0c25be8",
    "801ffe853575c3ac85203e291c4c7a7d",
    "dee411cde52d98da49736f8b6b9aae63",
  ],
  "hash_sha256": Array [
    "c7e13a4102304d9ee814cd74d0c25be8c28d2f66239e708b1ffbd003ac202542",
    "801ffe853575c3ac85203e291c4c7a7dc38ac02b079a8d71c789fb6ea8b4ee43",
    "dee411cde52d98da49736f8b6b9aae636351c9ec255b44481df5f54ab1e7b6f7",
  ],
  "hashtag": Array [
    "#Frontend",
    "#ModelTraining",
    "#HTTPAPIs",
  ],
  "headline": Array [
    "Training session follow-up",
    "Complaint about response time",
    "Request to change owner",
  ],
  "http_method": Array [
    "HEAD",
    "PATCH",
    "OPTIONS",
  ],
  "http_status_code": Array [
    422,
    400,
    500,
  ],
  "iban": Array [
    "DE31794624353030027630",
    "DE77124085941252019698",
    "DE26717884937417079448",
  ],
  "id": Array [
    1,
    2,
    3,
  ],
  "image_url": Array [
    "https://picsum.photos/seed/spruce86/640/480",
    "https://picsum.photos/seed/nebula2089/640/480",
    "https://picsum.photos/seed/tide8952/640/480",
  ],
  "instructions": Array [
    "Check the spam folder if the email does not arrive.",
    "Log in and confirm your email address.",
    "Do not remove the label.",
  ],
  "integer": Array [
    781,
    500,
    871,
  ],
  "invoice_number": Array [
    "INV-2024-030027",
    "INV-2023-252019",
    "INV-2025-417079",
  ],
  "ip_address": Array [
    "200.225.58.66",
    "129.31.254.134",
    "223.228.17.206",
  ],
  "ipv4": Array [
    "200.225.58.66",
    "129.31.254.134",
    "223.228.17.206",
  ],
  "ipv6": Array [
    "2001:db8:c7e1:3a41:230:4d9e:e814:cd74",
    "2001:db8:801f:fe85:3575:c3ac:8520:3e29",
    "2001:db8:dee4:11cd:e52d:98da:4973:6f8b",
  ],
  "isbn": Array [
    "978-7-9462-4353-1",
    "978-1-2408-5941-2",
    "978-7-1788-4937-2",
  ],
  "job_title": Array [
    "Junior Data Scientist",
    "Legal Assistant",
    "Procurement Manager",
  ],
  "json": Array [
    Object {
      "active": false,
      "id": 90656,
      "name": "summit",
      "score": 0.14,
      "tags": Array [
        "spruce",
        "alpha",
      ],
    },
    Object {
      "active": false,
      "id": 52002,
      "name": "blaze",
      "score": 0.03,
      "tags": Array [
        "nebula",
        "crystal",
      ],
    },
    Object {
      "active": true,
      "id": 28692,
      "name": "lagoon",
      "score": 0.15,
      "tags": Array [
        "tide",
        "trail",
      ],
    },
  ],
  "jwt_token": Array [
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI4NTUwIiwiaWF0IjoxNzQ2ODQ2ODI3LCJleHAiOjE3NDY4NTA0MjcsInNjb3BlIjoicmVhZCB3cml0ZSJ9.60wIHrXAVgzkJqutaRc8QJUs4eQhCyfLaHp8aMZIc37",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIyMDg4MjgiLCJpYXQiOjE3MzAwMjkyOTIsImV4cCI6MTczMDAzMjg5Miwic2NvcGUiOiJyZWFkIHdyaXRlIn0.hHwBxqpVFcCMzMAy6yS3PvEvcwxGS9aWAbclBA0Yvea",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI4OTUyMjciLCJpYXQiOjE3NTIyNDAwNTQsImV4cCI6MTc1MjI0MzY1NCwic2NvcGUiOiJyZWFkIHdyaXRlIn0.SaYJHs8fuvmWeK7K2icHUxh8wVjdNhOFeM9rfl1fCbk",
  ],
  "label": Array [
    "irrelevant",
    "dog",
    "fraud",
  ],
  "last_name": Array [
    "Wisoky",
    "Smith",
    "Mante",
  ],
  "latitude": Array [
    43.738731,
    37.011717,
    45.896022,
  ],
  "leave_type": Array [
    "jury_duty",
    "unpaid",
    "jury_duty",
  ],
  "license_key": Array [
    "2A742-EDXMA-LS3UE-XZYPJ-Q8JEL",
    "SGSD2-A2XWL-CQBG3-GA373-K5HZC",
    "56KPN-EDY8R-ZZVMR-F7F5T-QDL2S",
  ],
  "lifespan": Array [
    15,
    28,
    16,
  ],
  "locale_code": Array [
    "en-US",
    "en-US",
    "en-US",
  ],
  "long_string": Array [
    "The team automates inventory levels. The new release speeds up account settings. The report updates inventory levels for everyone. The new release organizes the release notes. The update reviews data quality. Every user speeds up team communication. The community highlights the search results. The team measures data quality. The new release connects the help center every week. The update speeds up the mobile experience in real time. Our partner measures data quality. The report speeds up the mobile experience from day one. The project organizes the search results for everyone. The dashboard changes user permissions. The report supports the onboarding process in real time. Our platform connects account settings in real time. The new release automates shipping times. The app protects team communication. The new release shares inventory levels every week. The analysis organizes the sign-up form. The support team supports the checkout flow. The new release delivers weekly planning for new ",
    "The dashboard updates customer feedback. The team measures account settings. The report simplifies the mobile experience. The system streamlines the onboarding process in real time. Our partner measures the search results. The dashboard protects daily reports. The update measures the sign-up form. The analysis shares team communication across all devices. The update explains the onboarding process by default. Our platform protects data quality from day one. This feature speeds up the product roadmap with fewer errors. The dashboard highlights account settings. This feature measures team communication. The report connects team communication. The update protects daily reports with fewer errors. The workflow builds daily reports across all devices. Our partner streamlines the mobile experience before launch. Our platform updates team communication at scale. The app automates inventory levels by default. The team builds monthly invoices across all devices. The dashboard improves the sign-u",
    "The community reviews the mobile experience. The new release organizes the help center without extra effort. The workflow connects monthly invoices at scale. Our partner supports inventory levels without extra effort. The update speeds up team communication. The design automates the sign-up form. The project streamlines shipping times with fewer errors. The project streamlines performance metrics without extra effort. The project explains inventory levels. The update explains the product roadmap for everyone. Our partner reviews monthly invoices. Our platform speeds up shipping times every week. This approach builds the search results for new users. Our partner speeds up the release notes. The report supports monthly invoices before launch. This approach protects weekly planning. The report tracks security reviews. The dashboard supports the mobile experience every week. Every user simplifies inventory levels. This feature updates inventory levels. Every user highlights weekly planning",
  ],
  "longitude": Array [
    -79.495514,
    -95.472173,
    -74.371949,
  ],
  "mac_address": Array [
    "c6:e1:3a:41:4d:9e",
    "80:1f:fe:85:c3:ac",
    "de:e4:11:cd:98:da",
  ],
  "marital_status": Array [
    "separated",
    "widowed",
    "domestic partnership",
  ],
  "markdown": Array [
    String(
      ## How to Get Started with Machine Learning
      
      The new release speeds up account settings. The report updates inventory levels for everyone.
      
      - The new release organizes the release notes.
      - The update reviews data quality.
      
      **before launch**
    ),
    String(
      ## The Ultimate Truth About Time Management
      
      The team measures account settings. The report simplifies the mobile experience.
      
      - The system streamlines the onboarding process in real time.
      - Our partner measures the search results.
      
      **this quarter**
    ),
    String(
      ## 11 Lessons from Web Performance
      
      The new release organizes the help center without extra effort. The workflow connects monthly invoices at scale.
      
      - Our partner supports inventory levels without extra effort.
      - The update speeds up team communication.
      
      **from day one**
    ),
  ],
  "medical_specialty": Array [
    "General Practice",
    "Pediatrics",
    "Anesthesiology",
  ],
  "message": Array [
    "Can we reschedule to Friday?",
    "Did you see the latest update?",
    "Lunch at noon?",
  ],
  "mime_type": Array [
    "image/webp",
    "image/png",
    "audio/mpeg",
  ],
  "music_genre": Array [
    "Quiet Storm",
    "J-Punk",
    "Shaabi",
  ],
  "name_prefix": Array [
    "Ms.",
    "Mrs.",
    "Ms.",
  ],
  "name_suffix": Array [
    "DDS",
    "IV",
    "DDS",
  ],
  "nationality": Array [
    "American",
    "American",
    "American",
  ],
  "neighborhood": Array [
    "Southbank",
    "Hillcrest",
    "Market Square",
  ],
  "nickname": Array [
    "Cookie",
    "Bubbles",
    "Captain",
  ],
  "note": Array [
    "Address updated.",
    "Handled, nothing else needed for now.",
    "Emailed summary of the call.",
  ],
  "notification_text": Array [
    "Your export has finished.",
    "Someone mentioned you in a comment.",
    "Your invoice is available.",
  ],
  "nullable": Array [
    "alpha",
    "crystal",
    "trail",
  ],
  "number": Array [
    781,
    500,
    871,
  ],
  "oauth_scope": Array [
    "write:orders",
    "repo",
    "calendar.readonly",
  ],
  "object": Array [
    Object {
      "city": "Salt Lake City",
      "visits": 7,
    },
    Object {
      "city": "Orlando",
      "visits": 5,
    },
    Object {
      "city": "Winter Garden",
      "visits": 8,
    },
  ],
  "one_of": Array [
    "Mireille",
    "Dorris",
    "Leslie",
  ],
  "order_status": Array [
    "cancelled",
    "shipped",
    "refunded",
  ],
  "paragraph": Array [
    "The system measures customer feedback this quarter. Our platform improves team communication at scale. The system explains customer feedback. The workflow protects the mobile experience. Our partner reviews customer feedback by default. The community highlights the search results at scale.",
    "The new release measures the onboarding process with fewer errors. The app connects team communication. The team supports inventory levels by default. The manager automates the sign-up form for everyone. The dashboard protects daily reports this quarter.",
    "Every user shares monthly invoices. The app automates data quality without extra effort. The workflow connects monthly invoices. Our partner supports inventory levels without extra effort. The update speeds up team communication. The design automates the sign-up form.",
  ],
  "passport_number": Array [
    "US7946243",
    "US1240859",
    "US7178849",
  ],
  "password_hash": Array [
    "$2b$10$v.4yuGFpV.TexiHosrYPa6OHSq2cOfAwdJYFn6YKXGa15ubCuSEZa",
    "$2b$10$eLfFu/vonTDaAKxK.w4wQ1NtCtauvEQ7YU.Zaj/.yWtcYgJFjrLdo",
    "$2b$10$13QYWHFq6dstkUcI5I0gaFSvf6uThbLfMDcK7pdjzdAZiko4OVIXX",
  ],
  "pattern": Array [
    "AXV-1163",
    "FNC-0766",
    "XHK-1169",
  ],
  "payment_method": Array [
    "invoice",
    "apple_pay",
    "invoice",
  ],
  "permission": Array [
    "billing:read",
    "reports:read",
    "billing:admin",
  ],
  "phone": Array [
    "801-224-7763",
    "754-597-2843",
    "1-904-569-1032",
  ],
  "phone_e164": Array [
    "+12302276308",
    "+14522196983",
    "+16172794483",
  ],
  "port_number": Array [
    1575,
    14495,
    58776,
  ],
  "postal_code": Array [
    "84138",
    "32832",
    "34778",
  ],
  "price": Array [
    781,
    500.99,
    870.8,
  ],
  "product_category": Array [
    "Office Supplies",
    "Grocery",
    "Jewelry",
  ],
  "product_description": Array [
    "This notebook in linen is made for long days at the desk. Available in several colours.",
    "This olive oil is sourced from small farms.",
    "Made from stainless steel, this watch is made to wear every day. Water resistant to 30 metres.",
  ],
  "product_material": Array [
    "Linen",
    "Extra Virgin",
    "Stainless Steel",
  ],
  "product_name": Array [
    "Everyday Linen Notebook",
    "Organic Extra Virgin Olive Oil",
    "Minimalist Stainless Steel Watch",
  ],
  "product_price": Array [
    27.99,
    28.99,
    397.99,
  ],
  "programming_language": Array [
    "Haskell",
    "Swift",
    "R",
  ],
  "pronoun_set": Array [
    "she/her",
    "she/her",
    "she/her",
  ],
  "property_type": Array [
    "penthouse",
    "duplex",
    "land",
  ],
  "rating": Array [
    3,
    4,
    2,
  ],
  "reaction": Array [
    "angry",
    "wow",
    "care",
  ],
  "reason": Array [
    "Compliance requirement",
    "Requested by management",
    "Ordered by mistake",
  ],
  "ref": Array [
    null,
    null,
    null,
  ],
  "relative_time": Array [
    "in 55 minutes",
    "13 hours ago",
    "2 years ago",
  ],
  "review": Array [
    "My second one, and I love it just as much. It does everything the listing promises. Would buy again.",
    "Excellent quality for the price. Shipping was fast. I have already recommended it to friends.",
    "I regret buying this. The finish scratched on day one. It feels cheap and flimsy. Such a waste.",
  ],
  "review_title": Array [
    "Lovely quality",
    "A great buy",
    "Waste of money",
  ],
  "role": Array [
    "support",
    "viewer",
    "support",
  ],
  "salary": Array [
    Object {
      "amount": 163000,
      "currency": "USD",
      "period": "annual",
    },
    Object {
      "amount": 115000,
      "currency": "USD",
      "period": "annual",
    },
    Object {
      "amount": 178000,
      "currency": "USD",
      "period": "annual",
    },
  ],
  "semver": Array [
    "7.0.46",
    "5.6.26",
    "8.27.14",
  ],
  "seniority_level": Array [
    "director",
    "principal",
    "vp",
  ],
  "sentence": Array [
    "The team automates inventory levels.",
    "The dashboard updates customer feedback.",
    "The community reviews the mobile experience.",
  ],
  "sequence": Array [
    "1",
    "2",
    "3",
  ],
  "session_id": Array [
    "c7e13a4102304d9ee814cd74d0c25be8",
    "801ffe853575c3ac85203e291c4c7a7d",
    "dee411cde52d98da49736f8b6b9aae63",
  ],
  "shipping_carrier": Array [
    "Japan Post",
    "Deutsche Post",
    "SF Express",
  ],
  "skill": Array [
    "Excel",
    "Copywriting",
    "Figma",
  ],
  "sku": Array [
    "UAX-42ED-2487",
    "NFN-D2A2-3679",
    "WXG-PNED-7882",
  ],
  "slug": Array [
    "spruce-valley",
    "nebula-oak",
    "tide-fern-lagoon-jade",
  ],
  "social_platform": Array [
    "Mastodon",
    "Reddit",
    "Bluesky",
  ],
  "sql_injection_string": Array [
    "' AND 1=CONVERT(int, (SELECT @@version)) --",
    "admin'--",
    "%27%20OR%201%3D1",
  ],
  "ssn": Array [
    "703-01-9065",
    "450-21-5200",
    "783-89-2869",
  ],
  "state": Array [
    "Utah",
    "Florida",
    "Florida",
  ],
  "state_province": Array [
    "Utah",
    "Florida",
    "Florida",
  ],
  "stock_ticker": Array [
    "ORCL",
    "DIS",
    "TM",
  ],
  "street_address": Array [
    "82477 Dandre Center",
    "39728 Dickens Row",
    "369 Stracke Cliff",
  ],
  "street_name": Array [
    "Dandre Center",
    "Dickens Row",
    "Stracke Cliff",
  ],
  "summary": Array [
    "Priorities were reset after new information came in.",
    "Questions raised by the requester were answered in writing.",
    "Records were compared and the discrepancy traced to a manual entry.",
  ],
  "swift_code": Array [
    "UAXVUS2E248",
    "NFNCUS2A",
    "WXHKUSNE788",
  ],
  "symptom": Array [
    "Constant worry, restlessness and poor sleep for six months",
    "Front knee pain with stairs and squatting, no swelling",
    "Sudden severe pain and swelling of big toe overnight",
  ],
  "tag": Array [
    "frontend",
    "model-training",
    "http-apis",
  ],
  "tax_id": Array [
    "79-4624353",
    "12-4085941",
    "71-7884937",
  ],
  "team_name": Array [
    "Night Falcons",
    "Iron Owls",
    "North Foxes",
  ],
  "text": Array [
    "The system measures customer feedback this quarter. Our platform improves team communication at scale. The system explains customer feedback. The workflow protects the mobile experience. Our partner reviews customer feedback by default.",
    "The new release measures the onboarding process with fewer errors. The app connects team communication. The team supports inventory levels by default. The manager automates the sign-up form for everyone.",
    "Every user shares monthly invoices. The app automates data quality without extra effort. The workflow connects monthly invoices. Our partner supports inventory levels without extra effort. The update speeds up team communication.",
  ],
  "time": Array [
    "18:44:19",
    "12:00:42",
    "20:53:45",
  ],
  "timestamp": Array [
    1732640120,
    1688419420,
    1746821287,
  ],
  "timezone": Array [
    "America/Los_Angeles",
    "America/Denver",
    "America/Los_Angeles",
  ],
  "title": Array [
    "How to Get Started with Machine Learning",
    "The Ultimate Truth About Time Management",
    "11 Lessons from Web Performance",
  ],
  "token_count": Array [
    Object {
      "input": 2496,
      "output": 512,
      "total": 3008,
    },
    Object {
      "input": 1026,
      "output": 334,
      "total": 1360,
    },
    Object {
      "input": 3105,
      "output": 2048,
      "total": 5153,
    },
  ],
  "totp_secret": Array [
    "YA52YEDVLAKQZSEVXWNIO6IEKW4PIQBZ",
    "QGQDYAYVUKCOBGZGAZ5ZJ3HXCXOYYDJ6",
    "34JNMEDW6PXXTLPF5F3RODKYQ6YKROGQ",
  ],
  "tracking_number": Array [
    "9400030027630824776398",
    "9400252019698397284332",
    "9400417079448369103232",
  ],
  "treatment": Array [
    "Sertraline daily started; cognitive behavioral therapy referral; follow up in four weeks",
    "Quadriceps strengthening program; activity changes; ice after exercise",
    "Colchicine started; ice and rest; uric acid level ordered; limit alcohol",
  ],
  "twitter_handle": Array [
    "@mireillewiso90",
    "@dorrissmith52",
    "@lesliemante",
  ],
  "unicode_string": Array [
    "‮RTL override",
    "🙂👍🏽👨‍👩‍👧‍👦",
    String(
      Tab\\tand
      newline
    ),
  ],
  "university_name": Array [
    "University of Copenhagen",
    "Universidad de Buenos Aires",
    "Politecnico di Milano",
  ],
  "url": Array [
    "https://www.spruce-valley.co/support",
    "https://www.nebula-oak.com/support",
    "https://www.tide.com/docs",
  ],
  "user_agent": Array [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
    "curl/8.6.0",
  ],
  "username": Array [
    "mireillew56",
    "dorriss76",
    "lesliem44",
  ],
  "uuid": Array [
    "c7e13a41-0230-4d9e-a814-cd74d0c25be8",
    "801ffe85-3575-43ac-8520-3e291c4c7a7d",
    "dee411cd-e52d-48da-8973-6f8b6b9aae63",
  ],
  "vat_number": Array [
    "US794624353",
    "US124085941",
    "US717884937",
  ],
  "wallet_address": Array [
    "0xc7e13a4102304d9ee814cd74d0c25be8c28d2f66",
    "0x801ffe853575c3ac85203e291c4c7a7dc38ac02b",
    "0xdee411cde52d98da49736f8b6b9aae636351c9ec",
  ],
  "weight": Array [
    Object {
      "unit": "kg",
      "value": 39.05,
    },
    Object {
      "unit": "kg",
      "value": 25.05,
    },
    Object {
      "unit": "kg",
      "value": 43.54,
    },
  ],
  "word": Array [
    "spruce",
    "nebula",
    "tide",
  ],
  "words": Array [
    "alpha valley summit spark bridge",
    "crystal oak blaze spark",
    "trail fern lagoon jade canyon",
  ],
  "xss_string": Array [
    "<a href=\\"javascript:alert(1)\\">click</a>",
    "'';!--\\"<XSS>=&{()}",
    "{{constructor.constructor(\\"alert(1)\\")()}}",
  ],
  "zip": Array [
    "84138",
    "32832",
    "34778",
  ],
  "zip_code": Array [
    "84138",
    "32832",
    "34778",
  ],
}
`
