/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1211 > blog at seed 1211 1`] = `
Object {
  "sample": Object {
    "authors": Array [
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=aniya6822",
        "bio": "Writer. Loves yoga and hiking. Always learning.",
        "created_at": "2022-01-10T02:27:24.000Z",
        "email": "aniya.upton@hotmail.com",
        "id": "4551a4e7-a925-42bf-94da-0940a5fab012",
        "name": "Aniya Upton",
        "username": "aniya.upton",
      },
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=orval4311",
        "bio": "Marketing lead. Loves running and board games. Always learning.",
        "created_at": "2024-05-03T17:33:21.000Z",
        "email": "ogrady@hotmail.com",
        "id": "9798150d-c126-43a9-b188-2588962ff507",
        "name": "Orval Grady",
        "username": "orval_grady",
      },
    ],
    "comments": Array [
      Object {
        "author_email": "ahayes@gmail.com",
        "author_name": "Alize Hayes",
        "body": "Finally someone explains it properly.",
        "created_at": "2023-04-19T04:07:06.000Z",
        "id": "d35aaf24-929a-4c0b-b8ab-1ea1e4c2acaa",
        "is_approved": true,
        "post_id": "22e580dc-8690-472b-b07d-89717ea03060",
      },
      Object {
        "author_email": "lelia.hand970@yahoo.com",
        "author_name": "Lelia Hand",
        "body": "Thanks, this saved me hours.",
        "created_at": "2024-03-01T20:10:26.000Z",
        "id": "5b735510-a3a5-4f82-8bdf-61714780a4f7",
        "is_approved": true,
        "post_id": "bd05ba67-e5fb-4b38-b4ca-1ff8f2149502",
      },
    ],
    "post_tags": Array [
      Object {
        "created_at": "2024-07-19T00:01:17.000Z",
        "post_id": "7cb765f9-6955-40bd-87a4-5180806d1808",
        "tag_id": "97f7cf7a-99a0-40cd-aed6-342f70591a91",
      },
      Object {
        "created_at": "2023-03-22T18:38:41.000Z",
        "post_id": "868f2822-1b16-4d0a-82d1-900c50836899",
        "tag_id": "c095a1a3-39c3-4493-a4b6-faa13d8c0ce4",
      },
    ],
    "posts": Array [
      Object {
        "author_id": "a1940658-4c9b-424f-903a-75d4f5f6713d",
        "body": "The update streamlines monthly invoices. The team tracks team communication before launch. This feature highlights monthly invoices. Our partner delivers customer feedback. Our customer tracks the release notes before launch.",
        "created_at": "2023-03-15T23:14:43.000Z",
        "id": "868f2822-1b16-4d0a-82d1-900c50836899",
        "published_at": "2023-03-22T05:28:36.000Z",
        "slug": "crystal-jade-581963154",
        "status": "published",
        "title": "Why Open Source Matters",
        "updated_at": "2023-03-30T10:46:19.000Z",
        "view_count": 19039,
      },
      Object {
        "author_id": "a1940658-4c9b-424f-903a-75d4f5f6713d",
        "body": "The analysis reduces customer feedback for new users. This feature reviews weekly planning every week. The community protects the release notes this quarter. Every user shares monthly invoices. The design protects inventory levels from day one.",
        "created_at": "2022-07-03T13:25:12.000Z",
        "id": "f4fb86f1-7169-4b54-875e-e69e105997f0",
        "published_at": "2022-07-06T20:16:19.000Z",
        "slug": "amber-sky-1008113392",
        "status": "archived",
        "title": "A Honest Guide to Database Design",
        "updated_at": "2022-07-12T17:37:48.000Z",
        "view_count": 43774,
      },
    ],
    "tags": Array [
      Object {
        "created_at": "2023-06-14T09:53:21.000Z",
        "id": "a25c1373-df60-4ca6-9cb4-b587a5356bc0",
        "name": "breeze",
      },
      Object {
        "created_at": "2022-08-19T22:19:27.000Z",
        "id": "95ac8911-2af8-4776-9616-53b65c6c1411",
        "name": "falcon",
      },
    ],
  },
  "whole": "af2b84caea6c1a11",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1211 > ecommerce at seed 1211 1`] = `
Object {
  "sample": Object {
    "customers": Array [
      Object {
        "city": "Greenville",
        "country": "United States",
        "created_at": "2024-06-14T12:05:16.000Z",
        "email": "franz_gleason73@hotmail.com",
        "first_name": "Franz",
        "id": "8c5d2601-6c4b-4d98-90ed-d61bb5fe3b0d",
        "last_name": "Gleason",
        "phone": "1-413-760-1092",
      },
      Object {
        "city": "Strongsville",
        "country": "United States",
        "created_at": "2023-06-11T17:35:29.000Z",
        "email": "elroy.ziemann318@gmail.com",
        "first_name": "Elroy",
        "id": "81eaf90f-4370-4a77-987a-876c80dbb363",
        "last_name": "Ziemann",
        "phone": "506.520.7300",
      },
    ],
    "order_items": Array [
      Object {
        "created_at": "2025-02-15T08:16:24.000Z",
        "id": "c1b3ee86-b687-440f-8fc1-3deb71a8bcff",
        "order_id": "0017cc48-5c32-40a6-9bde-0f728fb6fd46",
        "product_id": "6c6b4e1d-ce97-4e64-825d-d7511e7c102b",
        "quantity": 1,
        "unit_price": 477.71,
      },
      Object {
        "created_at": "2023-12-20T09:23:36.000Z",
        "id": "fad25836-7e2f-4acb-b284-000d68f31f4c",
        "order_id": "1f93e4e2-7be3-4fe8-8d03-eb48c2d771ac",
        "product_id": "3d0ab57c-7b22-49b9-9b60-907bc4497e7e",
        "quantity": 1,
        "unit_price": 15.52,
      },
    ],
    "orders": Array [
      Object {
        "created_at": "2024-09-07T02:17:39.000Z",
        "currency": "USD",
        "customer_id": "271ac9e3-a70e-49cf-b145-d7baa3b36666",
        "delivered_at": null,
        "id": "9a28afd7-5d4c-439c-91a8-11c3b1d69a85",
        "order_number": "ORD-10001",
        "shipped_at": null,
        "status": "cancelled",
        "total_amount": 1369.58,
        "updated_at": "2024-09-20T04:44:24.000Z",
      },
      Object {
        "created_at": "2024-04-01T09:58:52.000Z",
        "currency": "USD",
        "customer_id": "5d9be31f-d723-467a-afe9-f85915eef51e",
        "delivered_at": null,
        "id": "672797ef-205c-4c60-b162-ecbb0f2d30e1",
        "order_number": "ORD-10002",
        "shipped_at": null,
        "status": "processing",
        "total_amount": 3489.55,
        "updated_at": "2024-04-13T20:15:12.000Z",
      },
    ],
    "products": Array [
      Object {
        "category": "Health",
        "created_at": "2023-12-17T00:09:10.000Z",
        "description": "Crafted from premium bamboo, this chair is styled with a modern look.",
        "id": "7e21f815-61e4-4be4-9be4-b38177de55c9",
        "is_active": true,
        "name": "Luxurious Aluminum Sausages",
        "price": 117.14,
        "sku": "RGR-7LGA-1617",
        "stock": 19,
      },
      Object {
        "category": "Clothing",
        "created_at": "2023-09-26T16:40:47.000Z",
        "description": "Built from sustainable bamboo, this sausages is built for everyday use.",
        "id": "43547b4a-f35a-4996-a603-732098b8555c",
        "is_active": true,
        "name": "Soft Gold Tuna",
        "price": 75.7,
        "sku": "MKZ-QXA9-0238",
        "stock": 353,
      },
    ],
    "reviews": Array [
      Object {
        "body": "Quality could be better. Shipping was fast. The color is exactly as pictured.",
        "created_at": "2025-01-04T09:05:48.000Z",
        "customer_id": "ad641711-b2d3-47b1-82f6-3111c4628170",
        "id": "fbcf2bb1-54b3-4a52-89a5-813004662818",
        "product_id": "879ca8db-1426-4704-9a2e-95630b2bce49",
        "rating": 4,
        "title": "4 Better Tips for API Design",
      },
      Object {
        "body": "Quality could be better. Shipping was fast.",
        "created_at": "2024-09-16T01:17:00.000Z",
        "customer_id": "ad641711-b2d3-47b1-82f6-3111c4628170",
        "id": "94d94202-6b66-40b1-b7bb-3a57bc2cd963",
        "product_id": "d797a804-a5fc-4338-99e7-16360a636bc1",
        "rating": 5,
        "title": "Machine Learning: What We Learned",
      },
    ],
  },
  "whole": "f95996297bcae4f5",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1211 > saas at seed 1211 1`] = `
Object {
  "sample": Object {
    "invoices": Array [
      Object {
        "amount": 321.97,
        "currency": "EUR",
        "due_at": "2024-03-24T00:55:23.000Z",
        "id": "2af901a2-2031-4ab8-8aeb-72d5adbfbd2d",
        "invoice_number": "INV-2025-806445",
        "issued_at": "2024-03-22T16:46:39.000Z",
        "paid_at": "2024-04-14T11:11:27.000Z",
        "status": "paid",
        "subscription_id": "69c2e23d-9f14-4194-9796-fbbf73953f2a",
      },
      Object {
        "amount": 2761.31,
        "currency": "GBP",
        "due_at": "2023-07-06T17:16:06.000Z",
        "id": "8bcc07b5-45e4-4df3-9a91-0f6abe105f1e",
        "invoice_number": "INV-2025-543380",
        "issued_at": "2023-06-13T01:24:40.000Z",
        "paid_at": "2023-06-29T02:40:59.000Z",
        "status": "paid",
        "subscription_id": "6c21cc06-4bf9-4814-8dfa-4be926a066a2",
      },
    ],
    "members": Array [
      Object {
        "email": "pkuhlman@yahoo.com",
        "first_name": "Peggy",
        "id": "a1c4c8bd-42f9-4c53-a4d2-9d599f3bd88f",
        "job_title": "Customer Web Administrator",
        "joined_at": "2022-01-13T15:44:48.000Z",
        "last_login_at": "2022-04-01T08:46:52.000Z",
        "last_name": "Kuhlman",
        "organization_id": "72fa4305-d5c2-457a-9e36-2910cbbf9435",
        "role": "viewer",
      },
      Object {
        "email": "marvin.kunde@yahoo.com",
        "first_name": "Marvin",
        "id": "c86c400b-73fb-4ce5-976f-9e31d035dc9d",
        "job_title": "Senior Usability Associate",
        "joined_at": "2022-12-07T07:31:46.000Z",
        "last_login_at": "2023-11-09T19:43:48.000Z",
        "last_name": "Kunde",
        "organization_id": "4e1aa427-c40d-4eb8-8593-c567d201bf32",
        "role": "member",
      },
    ],
    "organizations": Array [
      Object {
        "country": "United States",
        "created_at": "2024-02-10T10:11:05.000Z",
        "domain": "tide-garden.com",
        "employee_count": 1235,
        "id": "28ae5769-3226-49e4-a6bc-edb2626d9b20",
        "industry": "healthcare",
        "name": "Gutmann, Feil and Aufderhar",
      },
      Object {
        "country": "United States",
        "created_at": "2021-11-05T03:02:21.000Z",
        "domain": "jade-coral.ai",
        "employee_count": 1257,
        "id": "72fa4305-d5c2-457a-9e36-2910cbbf9435",
        "industry": "software",
        "name": "Erdman Group",
      },
    ],
    "subscriptions": Array [
      Object {
        "currency": "DKK",
        "id": "5627c13a-029b-4805-ab45-bd890bdf3634",
        "monthly_price": 2863.28,
        "organization_id": "94a89284-c2d8-4d3b-b053-1449919bd2c4",
        "plan": "pro",
        "renews_at": "2023-09-28T01:42:32.000Z",
        "seats": 19,
        "started_at": "2023-04-23T12:17:57.000Z",
        "status": "active",
      },
      Object {
        "currency": "EUR",
        "id": "bd284805-df72-4c63-906e-fdf38fc5a083",
        "monthly_price": 2910.39,
        "organization_id": "10c90a60-646a-4fa7-8a58-009c7440a11b",
        "plan": "pro",
        "renews_at": "2023-01-29T14:05:27.000Z",
        "seats": 107,
        "started_at": "2022-12-08T04:47:07.000Z",
        "status": "trialing",
      },
    ],
  },
  "whole": "ec27199cf612ea2c",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1211 > social at seed 1211 1`] = `
Object {
  "sample": Object {
    "follows": Array [
      Object {
        "created_at": "2025-08-16T20:46:50.000Z",
        "followee_id": "224fb29c-8fef-4ef5-ad04-ea12f0f2fa47",
        "follower_id": "53bb894f-f634-420e-92e0-d25a56b8c65b",
        "id": "2f64482e-ba29-4d57-b56d-816e24f4a7a1",
      },
      Object {
        "created_at": "2023-03-28T16:46:36.000Z",
        "followee_id": "fc4f973c-509f-43ae-9f59-96fe37e4609d",
        "follower_id": "0bc580cf-e76b-4e6c-b715-a92492393fda",
        "id": "5d67e9a2-a61f-470c-b911-05503f7fd858",
      },
    ],
    "likes": Array [
      Object {
        "created_at": "2025-08-25T16:26:05.000Z",
        "id": "85442cff-4ec4-4351-aced-5d7ba2c4386c",
        "post_id": "a3cf9a40-13ed-4799-9bdd-64920974dda1",
        "user_id": "a71d56f9-e8f5-42dc-bfb3-35464e4fd68c",
      },
      Object {
        "created_at": "2024-07-21T16:13:23.000Z",
        "id": "9fb87306-5cfc-4d3b-a4a0-efad015117a7",
        "post_id": "c7878f1f-c496-4223-9876-de619876a740",
        "user_id": "adf652b5-a596-4a0e-999b-28b790369e86",
      },
    ],
    "messages": Array [
      Object {
        "body": "Let me check and get back to you.",
        "id": "69a1a3e6-9dbd-4a61-9d50-ed3711a86601",
        "is_read": false,
        "recipient_id": "7147bc50-fb8c-4584-ad1d-b3af99c278ef",
        "sender_id": "37fef081-cc0a-49df-b579-6df59605fc09",
        "sent_at": "2022-08-29T11:21:51.000Z",
      },
      Object {
        "body": "I will call you later.",
        "id": "fd89ee9c-20ea-4ebf-95a5-4fa769ebab5c",
        "is_read": false,
        "recipient_id": "59bb7c87-18a7-48f9-885d-e998dd0972bb",
        "sender_id": "ed15f36b-f43f-460d-a697-9bba6e5ed20c",
        "sent_at": "2022-06-24T05:50:24.000Z",
      },
    ],
    "posts": Array [
      Object {
        "content": "The manager delivers account settings with fewer errors.",
        "created_at": "2025-08-30T11:13:44.000Z",
        "hashtag": null,
        "id": "868f2822-1b16-4d0a-82d1-900c50836899",
        "user_id": "3c8295fc-239d-4224-abb5-8cd80121cc39",
      },
      Object {
        "content": "Our platform automates the onboarding process for new users.",
        "created_at": "2021-04-19T00:31:59.000Z",
        "hashtag": null,
        "id": "f4fb86f1-7169-4b54-875e-e69e105997f0",
        "user_id": "add3abc7-46f0-4309-9311-fdb53b8a5600",
      },
    ],
    "users": Array [
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=ayla3256",
        "bio": "Founder. Loves gardening and board games.",
        "created_at": "2023-06-03T17:20:22.000Z",
        "display_name": "Ayla Becker",
        "email": "ayla.becker@hotmail.com",
        "id": "f064db09-4fb2-4717-ad6a-df127e5a6854",
        "is_verified": false,
        "username": "ayla7951",
      },
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=salma7691",
        "bio": "Architect. Loves chess and yoga. Always learning.",
        "created_at": "2023-06-10T19:10:17.000Z",
        "display_name": "Salma Williamson",
        "email": "salma.williamson953@yahoo.com",
        "id": "f2ef1bf1-f1da-4ed2-89c5-42ab7c2ed340",
        "is_verified": false,
        "username": "salma_williamson",
      },
    ],
  },
  "whole": "201e83d4ceab6bf4",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1337 > blog at seed 1337 1`] = `
Object {
  "sample": Object {
    "authors": Array [
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=dylan2457",
        "bio": "Founder. Loves board games and photography. Opinions are my own.",
        "created_at": "2023-12-08T14:29:39.000Z",
        "email": "dhirthe@gmail.com",
        "id": "82c62028-e15d-4573-9634-e06676806931",
        "name": "Dylan Hirthe",
        "username": "dylan8891",
      },
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=vicenta1493",
        "bio": "Nurse. Loves running and photography. Based on coffee.",
        "created_at": "2024-03-18T23:29:17.000Z",
        "email": "vicenta_gusikowski23@hotmail.com",
        "id": "58bc52ac-dff2-4145-a905-8289d7533405",
        "name": "Vicenta Gusikowski",
        "username": "vicenta_gusikowski",
      },
    ],
    "comments": Array [
      Object {
        "author_email": "luciano.kessler@gmail.com",
        "author_name": "Luciano Kessler",
        "body": "Finally someone explains it properly.",
        "created_at": "2024-06-27T08:45:53.000Z",
        "id": "ecc26369-bf5e-4248-bf04-6613716c2afa",
        "is_approved": false,
        "post_id": "05cd069e-0439-493e-b5a1-f5cc7cbfcbe8",
      },
      Object {
        "author_email": "rgleichner@gmail.com",
        "author_name": "Robyn Gleichner",
        "body": "Finally someone explains it properly.",
        "created_at": "2024-10-05T16:48:49.000Z",
        "id": "0198ad04-ee45-4cd3-83dc-e1722ee1e6f6",
        "is_approved": false,
        "post_id": "809380fa-8183-4e92-95d2-6fa0283ff4ea",
      },
    ],
    "post_tags": Array [
      Object {
        "created_at": "2024-12-18T06:37:30.000Z",
        "post_id": "f7f1a7ec-1103-4294-b513-aab5ed0cef05",
        "tag_id": "c0a219c1-1998-4f24-8b61-be965e37f58d",
      },
      Object {
        "created_at": "2023-11-30T08:13:32.000Z",
        "post_id": "d43a7087-99b3-4331-95ee-db70a769fc0a",
        "tag_id": "ca3a4064-ad11-4626-8134-e12e817d99d9",
      },
    ],
    "posts": Array [
      Object {
        "author_id": "0758f4fe-8328-4fa0-b24e-257905587bcd",
        "body": "The new release reduces user permissions from day one. The team supports the release notes at scale. The system measures monthly invoices. The new release builds daily reports every week.",
        "created_at": "2024-10-13T03:33:55.000Z",
        "id": "4bbfb278-dc43-40b2-8f25-54ad5cd2a81c",
        "published_at": null,
        "slug": "thunder-spark-557881556",
        "status": "draft",
        "title": "Travel Planning: What We Learned",
        "updated_at": "2024-11-01T07:33:15.000Z",
        "view_count": 15964,
      },
      Object {
        "author_id": "1787e7d3-148a-4447-b98a-44347330851d",
        "body": "This approach delivers the sign-up form. The report connects performance metrics. Our partner reduces security reviews every week.",
        "created_at": "2023-09-27T23:00:31.000Z",
        "id": "75440e75-5771-41f2-a3ee-fc950703e645",
        "published_at": "2023-10-07T10:41:15.000Z",
        "slug": "silver-birch-5037098",
        "status": "published",
        "title": "A Honest Guide to Photography",
        "updated_at": "2023-11-27T16:28:16.000Z",
        "view_count": 11420,
      },
    ],
    "tags": Array [
      Object {
        "created_at": "2023-01-28T07:51:24.000Z",
        "id": "cce1b4cb-2c53-4546-94ca-9574f49942f9",
        "name": "tide",
      },
      Object {
        "created_at": "2022-10-11T03:16:49.000Z",
        "id": "5cb46b45-8ad0-4f1f-82b0-5c069efc736a",
        "name": "beacon",
      },
    ],
  },
  "whole": "f18b9a523bbb04eb",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1337 > ecommerce at seed 1337 1`] = `
Object {
  "sample": Object {
    "customers": Array [
      Object {
        "city": "Costa Mesa",
        "country": "United States",
        "created_at": "2023-05-08T01:35:12.000Z",
        "email": "jasen_langworth92@yahoo.com",
        "first_name": "Jasen",
        "id": "a495e6c1-a42a-48cc-91f0-bb71557cbce9",
        "last_name": "Langworth",
        "phone": "(242) 750-4296",
      },
      Object {
        "city": "Indianapolis",
        "country": "United States",
        "created_at": "2023-12-05T14:13:28.000Z",
        "email": "vern.wunsch431@yahoo.com",
        "first_name": "Vern",
        "id": "5e3ca5b2-b15f-4fa4-a1e2-e6d8c66c96b0",
        "last_name": "Wunsch",
        "phone": "1-386-267-3099",
      },
    ],
    "order_items": Array [
      Object {
        "created_at": "2024-10-01T14:48:28.000Z",
        "id": "699cd607-0eff-4991-af70-73298ddb0fa9",
        "order_id": "d927498a-c1b0-4b7f-b6c2-bdcd99b3b15d",
        "product_id": "17b626ce-e882-4a97-9464-6f5a35785e99",
        "quantity": 2,
        "unit_price": 105.31,
      },
      Object {
        "created_at": "2024-08-03T10:17:28.000Z",
        "id": "cbd7ba5b-5d15-4001-b8fa-963ec21cc48e",
        "order_id": "30da7e9c-dd07-4c4a-85c0-e2f2824ad16c",
        "product_id": "b322d612-1de8-4bf2-b373-aebcb7842ce1",
        "quantity": 3,
        "unit_price": 46.88,
      },
    ],
    "orders": Array [
      Object {
        "created_at": "2023-08-12T02:50:24.000Z",
        "currency": "USD",
        "customer_id": "25dff79a-cace-4604-b724-94b0c25949d3",
        "delivered_at": "2023-08-18T10:47:39.000Z",
        "id": "822018c7-f677-4e92-b1ea-fee7ba9d0118",
        "order_number": "ORD-10001",
        "shipped_at": "2023-08-17T00:48:30.000Z",
        "status": "delivered",
        "total_amount": 3487.76,
        "updated_at": "2023-08-24T02:42:36.000Z",
      },
      Object {
        "created_at": "2023-07-04T19:49:10.000Z",
        "currency": "USD",
        "customer_id": "0404ec61-fe99-492c-a842-564285ca5dfe",
        "delivered_at": null,
        "id": "7fbd0aa8-0670-48cd-bf94-696ff3e2a1ed",
        "order_number": "ORD-10002",
        "shipped_at": "2023-07-05T14:33:24.000Z",
        "status": "shipped",
        "total_amount": 1338.74,
        "updated_at": "2023-07-11T10:18:28.000Z",
      },
    ],
    "products": Array [
      Object {
        "category": "Garden",
        "created_at": "2024-07-11T22:37:32.000Z",
        "description": "Made with durable marble, this computer is comfortable all day.",
        "id": "613f3863-7001-4d39-bb55-c6fa4070b0fd",
        "is_active": true,
        "name": "Fantastic Bronze Keyboard",
        "price": 459.49,
        "sku": "FYW-ZD72-8350",
        "stock": 321,
      },
      Object {
        "category": "Garden",
        "created_at": "2023-11-26T19:29:03.000Z",
        "description": "Finished in polished plastic, this table is styled with a modern look.",
        "id": "55b5a24f-8eb3-4fa5-bf48-61fa450ee17c",
        "is_active": true,
        "name": "Awesome Steel Soap",
        "price": 472.69,
        "sku": "HKL-CPDE-3026",
        "stock": 359,
      },
    ],
    "reviews": Array [
      Object {
        "body": "Solid quality for the price. Shipping was fast.",
        "created_at": "2024-04-08T17:58:00.000Z",
        "customer_id": "11a67f31-ffcf-4584-8d74-2b1c378a1c7c",
        "id": "b8f18cda-0c17-499c-b766-7b3989b7f5d9",
        "product_id": "1c7b853b-1746-405b-bc7b-3c0fe0e277e3",
        "rating": 1,
        "title": "Why Gardening Matters",
      },
      Object {
        "body": "Stopped working after a week. Great value for money.",
        "created_at": "2025-05-21T23:58:36.000Z",
        "customer_id": "28e766f1-9951-482b-b6ce-aeed8a98a492",
        "id": "39be27c7-82b2-4bdb-8388-bd54946cb895",
        "product_id": "17b626ce-e882-4a97-9464-6f5a35785e99",
        "rating": 4,
        "title": "11 Lessons from Healthy Habits",
      },
    ],
  },
  "whole": "eeb0a1e4b9eb7972",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1337 > saas at seed 1337 1`] = `
Object {
  "sample": Object {
    "invoices": Array [
      Object {
        "amount": 434.49,
        "currency": "CNY",
        "due_at": "2025-01-23T22:36:05.000Z",
        "id": "dc9bf643-5524-46a6-9176-46151b18ad9e",
        "invoice_number": "INV-2025-103997",
        "issued_at": "2024-12-29T10:57:32.000Z",
        "paid_at": "2025-01-07T11:39:25.000Z",
        "status": "paid",
        "subscription_id": "036eae78-b975-4418-b3c8-c21662363f6d",
      },
      Object {
        "amount": 1596.06,
        "currency": "DKK",
        "due_at": "2023-06-15T13:01:15.000Z",
        "id": "822ab689-4f2c-46fb-8b5f-4a438f148dcb",
        "invoice_number": "INV-2025-240089",
        "issued_at": "2023-06-10T12:28:02.000Z",
        "paid_at": null,
        "status": "void",
        "subscription_id": "155b0b6a-76d3-4ee1-9bf2-7e4be04800d1",
      },
    ],
    "members": Array [
      Object {
        "email": "asha_stoltenberg21@gmail.com",
        "first_name": "Asha",
        "id": "77eae3de-d766-4380-abba-2cac6af9a0fc",
        "job_title": "Corporate Metrics Engineer",
        "joined_at": "2023-01-10T21:12:34.000Z",
        "last_login_at": "2023-05-06T22:06:49.000Z",
        "last_name": "Stoltenberg",
        "organization_id": "710f6708-3b13-4c43-831f-d420038008ba",
        "role": "member",
      },
      Object {
        "email": "quentin.rohan@hotmail.com",
        "first_name": "Quentin",
        "id": "2515af48-13c6-4988-9a58-5da692fad8a5",
        "job_title": "Regional Response Architect",
        "joined_at": "2021-08-27T13:58:19.000Z",
        "last_login_at": "2022-08-15T05:54:54.000Z",
        "last_name": "Rohan",
        "organization_id": "79a9fb47-1043-4311-8c59-a12e8f18433e",
        "role": "admin",
      },
    ],
    "organizations": Array [
      Object {
        "country": "United States",
        "created_at": "2023-03-27T15:45:20.000Z",
        "domain": "galaxy-planet.net",
        "employee_count": 795,
        "id": "0575af5f-b445-4600-b567-05bd6b7804c9",
        "industry": "retail",
        "name": "Hintz, Marvin and DuBuque",
      },
      Object {
        "country": "United States",
        "created_at": "2023-12-21T01:15:07.000Z",
        "domain": "apex.com",
        "employee_count": 3752,
        "id": "e73aa914-92b5-4ca3-b324-957e13cb8570",
        "industry": "software",
        "name": "Rolfson, Lesch and Becker",
      },
    ],
    "subscriptions": Array [
      Object {
        "currency": "USD",
        "id": "7bb3cc08-3bad-4975-808f-28c39b7c2629",
        "monthly_price": 863.99,
        "organization_id": "a86cb14b-9dad-4b8a-9f5a-61dc08182071",
        "plan": "enterprise",
        "renews_at": "2023-08-12T21:04:12.000Z",
        "seats": 24,
        "started_at": "2022-11-14T21:08:07.000Z",
        "status": "canceled",
      },
      Object {
        "currency": "NOK",
        "id": "744276a1-f7d2-4a87-a618-9e2f5a19190b",
        "monthly_price": 2763.99,
        "organization_id": "524c5d8d-45ef-4a71-bdf4-fd587ef94490",
        "plan": "pro",
        "renews_at": "2021-09-16T06:40:31.000Z",
        "seats": 46,
        "started_at": "2021-05-03T14:58:30.000Z",
        "status": "past_due",
      },
    ],
  },
  "whole": "df0240676374f117",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 1337 > social at seed 1337 1`] = `
Object {
  "sample": Object {
    "follows": Array [
      Object {
        "created_at": "2024-06-26T21:40:37.000Z",
        "followee_id": "04060349-4f6d-40b8-a0df-f37d3c5232c2",
        "follower_id": "ae0ccea5-726d-4573-8b11-3f93e339b870",
        "id": "2d505264-9c9c-404f-8296-1409589214d2",
      },
      Object {
        "created_at": "2025-07-15T05:00:58.000Z",
        "followee_id": "286e37d3-1d4c-4e47-8a43-d8bb7ea56cf0",
        "follower_id": "eabd220e-49bb-4a34-9166-cde43b14e3e5",
        "id": "92766bcc-ac82-44e0-ae71-5b9a07098530",
      },
    ],
    "likes": Array [
      Object {
        "created_at": "2024-01-26T13:57:33.000Z",
        "id": "2eb39c67-5437-4ec8-a91d-5e04614ddd3d",
        "post_id": "ccf253b4-4039-4190-aaa3-344a1ef0d889",
        "user_id": "d041a1d4-10a3-42af-a52e-4b1ceec8167c",
      },
      Object {
        "created_at": "2024-12-05T11:40:01.000Z",
        "id": "d256c2e0-7ed6-4bac-8e0b-e8a204f849af",
        "post_id": "1b5b0319-74f4-4650-85ad-b436a870dc64",
        "user_id": "c8de55c2-57cd-4ef9-8fc1-f9221d39e793",
      },
    ],
    "messages": Array [
      Object {
        "body": "Great work on the launch!",
        "id": "ac3fbe65-dc76-4347-a1bc-31c33f0cbf5b",
        "is_read": true,
        "recipient_id": "f0d572b9-5254-45ac-a16e-2297a12b8a7a",
        "sender_id": "5b217987-1863-4bbf-a29a-a91229928675",
        "sent_at": "2023-04-03T03:33:41.000Z",
      },
      Object {
        "body": "Just sent you the files.",
        "id": "c051a923-4d5e-4540-869a-fafce4cf1944",
        "is_read": true,
        "recipient_id": "7c6e5a0f-ff41-4da8-9a41-1d226b9e1916",
        "sender_id": "9ace9992-442d-4091-9ef8-8960557646b5",
        "sent_at": "2022-12-05T11:17:04.000Z",
      },
    ],
    "posts": Array [
      Object {
        "content": "The update tracks the checkout flow by default.",
        "created_at": "2023-08-21T19:07:40.000Z",
        "hashtag": "#Apex",
        "id": "4bbfb278-dc43-40b2-8f25-54ad5cd2a81c",
        "user_id": "9c70ff09-59ad-46e2-8e43-1126adba0790",
      },
      Object {
        "content": "The support team automates the product roadmap.",
        "created_at": "2022-10-11T07:06:40.000Z",
        "hashtag": null,
        "id": "75440e75-5771-41f2-a3ee-fc950703e645",
        "user_id": "0f03e34e-c198-4a02-a9d9-1dad9bb2724e",
      },
    ],
    "users": Array [
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=jed3384",
        "bio": "Writer. Loves travel and good books. Based on coffee.",
        "created_at": "2023-08-13T19:52:33.000Z",
        "display_name": "Jed Flatley",
        "email": "jed_flatley11@yahoo.com",
        "id": "3f32e4da-446b-48d3-9eb0-df944bedcbeb",
        "is_verified": false,
        "username": "jed_flatley",
      },
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=jovany2261",
        "bio": "Founder. Loves open source and cooking. Dog person.",
        "created_at": "2021-06-24T04:45:07.000Z",
        "display_name": "Jovany Welch",
        "email": "jovany.welch265@hotmail.com",
        "id": "82aff882-c836-48b4-a381-d90251282f72",
        "is_verified": false,
        "username": "jovany.welch",
      },
    ],
  },
  "whole": "b991f286329f9095",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 42 > blog at seed 42 1`] = `
Object {
  "sample": Object {
    "authors": Array [
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=milford9954",
        "bio": "Architect. Loves cooking and photography. Cat person.",
        "created_at": "2023-10-17T23:55:09.000Z",
        "email": "milford_krajcik63@gmail.com",
        "id": "e3616d6d-a080-4b8d-bb66-80293c9cd312",
        "name": "Milford Krajcik",
        "username": "milford_krajcik",
      },
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=rodger3712",
        "bio": "Marketing lead. Loves cycling and photography. Opinions are my own.",
        "created_at": "2023-01-25T01:43:06.000Z",
        "email": "rodger.konopelski@hotmail.com",
        "id": "965a2b7a-1bb1-41f2-84e0-5b948f531ca4",
        "name": "Rodger Konopelski",
        "username": "rodger.konopelski",
      },
    ],
    "comments": Array [
      Object {
        "author_email": "tristian.kertzmann113@gmail.com",
        "author_name": "Tristian Kertzmann",
        "body": "What tools did you use for this?",
        "created_at": "2022-11-20T13:02:01.000Z",
        "id": "821543f2-0cb5-40d6-b398-0aabccda67af",
        "is_approved": true,
        "post_id": "1875bbcc-334c-42ef-b48c-10876719bb12",
      },
      Object {
        "author_email": "tad.donnelly@gmail.com",
        "author_name": "Tad Donnelly",
        "body": "This was really helpful.",
        "created_at": "2023-02-06T23:31:42.000Z",
        "id": "b7b92611-4113-4b85-bd5b-e5a9e142c1fd",
        "is_approved": true,
        "post_id": "6522826c-d5ce-47ce-8292-8f711bd97e43",
      },
    ],
    "post_tags": Array [
      Object {
        "created_at": "2023-01-02T20:32:31.000Z",
        "post_id": "7d96deed-244a-4029-b2cb-25d44e3ae15a",
        "tag_id": "ca6e5096-730c-44dd-a6f3-3611617cf713",
      },
      Object {
        "created_at": "2023-09-20T01:15:18.000Z",
        "post_id": "dfc1d94b-731e-40c8-84cf-4a9301c8bdaa",
        "tag_id": "08519724-e0e4-4621-a094-4885eee5e21e",
      },
    ],
    "posts": Array [
      Object {
        "author_id": "d8fded4e-5838-4503-9933-128bec2bfa22",
        "body": "The design streamlines the sign-up form. The analysis automates the product roadmap. The dashboard measures the mobile experience. The design speeds up the checkout flow at scale.",
        "created_at": "2023-10-12T22:20:35.000Z",
        "id": "348d749c-a876-4217-8349-0e7879cf130e",
        "published_at": "2023-10-28T10:05:17.000Z",
        "slug": "blaze-maple-1123726028",
        "status": "published",
        "title": "Web Performance: What We Learned",
        "updated_at": "2023-11-28T02:45:33.000Z",
        "view_count": 8514,
      },
      Object {
        "author_id": "22996a42-5858-4144-a3db-f3eb0574f41f",
        "body": "This feature improves security reviews by default. The community delivers daily reports in real time. Our platform updates performance metrics. Our customer measures the product roadmap with fewer errors. The team streamlines daily reports for new users. This feature protects weekly planning.",
        "created_at": "2023-09-05T14:13:45.000Z",
        "id": "aa00ac5d-3d3f-46bf-b36d-7a5b7c4f1122",
        "published_at": "2023-09-13T19:12:04.000Z",
        "slug": "echo-fern-491411856",
        "status": "published",
        "title": "A Hidden Guide to Remote Work",
        "updated_at": "2023-09-26T20:49:53.000Z",
        "view_count": 46065,
      },
    ],
    "tags": Array [
      Object {
        "created_at": "2022-02-19T22:32:36.000Z",
        "id": "18fc02b4-0a3d-4f0b-80db-c2f271619621",
        "name": "arrow",
      },
      Object {
        "created_at": "2022-11-14T16:41:32.000Z",
        "id": "dc18a1b5-d7c4-4a33-bae5-768bdb8b143e",
        "name": "sky",
      },
    ],
  },
  "whole": "c252d680b35014e1",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 42 > ecommerce at seed 42 1`] = `
Object {
  "sample": Object {
    "customers": Array [
      Object {
        "city": "San Juan",
        "country": "United States",
        "created_at": "2024-03-14T05:38:45.000Z",
        "email": "america.harber425@hotmail.com",
        "first_name": "America",
        "id": "c0ef626e-a79e-45ed-992a-796804147c3e",
        "last_name": "Harber",
        "phone": "1-638-225-3735",
      },
      Object {
        "city": "Cincinnati",
        "country": "United States",
        "created_at": "2023-09-15T04:04:39.000Z",
        "email": "matilda.kertzmann@hotmail.com",
        "first_name": "Matilda",
        "id": "8a7b3436-7d3f-403c-8fe2-1c196e1fe1e1",
        "last_name": "Kertzmann",
        "phone": "766.891.3937",
      },
    ],
    "order_items": Array [
      Object {
        "created_at": "2024-12-14T14:57:56.000Z",
        "id": "42ec8dca-9762-4845-9a16-f9c617e19f56",
        "order_id": "ea2bea41-23fb-4666-8425-881bd1918664",
        "product_id": "003298d3-2d18-4f3a-b3d0-91dfc9c4f108",
        "quantity": 1,
        "unit_price": 177.64,
      },
      Object {
        "created_at": "2024-07-29T13:32:39.000Z",
        "id": "ba0a311f-f0fe-45cf-b14f-043378f42ee4",
        "order_id": "9700fc1f-39f5-45c6-8ad2-a884e0f184e8",
        "product_id": "02e03c07-f0da-4196-94ea-308aa1a69399",
        "quantity": 4,
        "unit_price": 349.26,
      },
    ],
    "orders": Array [
      Object {
        "created_at": "2023-10-31T09:41:46.000Z",
        "currency": "USD",
        "customer_id": "f28657c1-7cc2-4407-bda4-6af09d903fe9",
        "delivered_at": null,
        "id": "53b59d9b-655b-4f2c-972d-b134228442d2",
        "order_number": "ORD-10001",
        "shipped_at": "2023-11-01T21:34:25.000Z",
        "status": "shipped",
        "total_amount": 970.75,
        "updated_at": "2023-11-07T03:26:04.000Z",
      },
      Object {
        "created_at": "2024-06-27T14:02:10.000Z",
        "currency": "USD",
        "customer_id": "c6de5cef-0c5a-47bf-9e26-d8b07fada6b6",
        "delivered_at": "2024-07-08T02:21:44.000Z",
        "id": "09618409-3d32-4a56-8d86-78398272eb59",
        "order_number": "ORD-10002",
        "shipped_at": "2024-06-28T16:51:29.000Z",
        "status": "delivered",
        "total_amount": 1397.61,
        "updated_at": "2024-07-20T16:13:44.000Z",
      },
    ],
    "products": Array [
      Object {
        "category": "Grocery",
        "created_at": "2024-06-20T10:34:16.000Z",
        "description": "Made with durable rubber, this towels is made to last for years.",
        "id": "bc60e328-d558-4f14-93b2-0aff1c27c205",
        "is_active": true,
        "name": "Fresh Gold Bacon",
        "price": 342.42,
        "sku": "AEX-S2DA-7858",
        "stock": 130,
      },
      Object {
        "category": "Books",
        "created_at": "2023-12-11T08:17:01.000Z",
        "description": "Crafted from premium gold, this tuna is comfortable all day.",
        "id": "4079b7ad-f1af-46f8-9d4d-d1df0eb00207",
        "is_active": true,
        "name": "Soft Metal Bike",
        "price": 102.57,
        "sku": "RZG-L87U-8684",
        "stock": 178,
      },
    ],
    "reviews": Array [
      Object {
        "body": "Stopped working after a week. The color is exactly as pictured.",
        "created_at": "2023-12-28T05:39:16.000Z",
        "customer_id": "7d4679be-2ebb-4b4d-869a-10529cbf0753",
        "id": "f86163a2-83b2-49f8-b4b9-2ca156defade",
        "product_id": "33459c0d-7b0e-4739-bab1-c13a5ff7e0f0",
        "rating": 3,
        "title": "Why Small Business Matters",
      },
      Object {
        "body": "Solid quality for the price. Battery life is great.",
        "created_at": "2024-05-18T12:33:52.000Z",
        "customer_id": "6e69e33b-f799-48ba-80e7-e36aeabd802b",
        "id": "eee1da6a-c77d-45a8-b62c-6c8da9709ee2",
        "product_id": "6d83dbb7-ea2a-4b83-8e41-d5f1da6da9cd",
        "rating": 1,
        "title": "Machine Learning: What We Learned",
      },
    ],
  },
  "whole": "4c60df0b169d3867",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 42 > saas at seed 42 1`] = `
Object {
  "sample": Object {
    "invoices": Array [
      Object {
        "amount": 1440.85,
        "currency": "USD",
        "due_at": "2023-07-23T20:50:00.000Z",
        "id": "094d26c5-9180-4076-af08-18dfa8ab1469",
        "invoice_number": "INV-2025-430892",
        "issued_at": "2023-06-25T04:25:13.000Z",
        "paid_at": "2023-07-05T08:31:37.000Z",
        "status": "paid",
        "subscription_id": "2e8b9085-32e6-4a91-8fb1-687fdebeb953",
      },
      Object {
        "amount": 2363.17,
        "currency": "KRW",
        "due_at": "2023-03-24T04:39:36.000Z",
        "id": "5198db11-f6ec-4d34-ae73-38879f159c85",
        "invoice_number": "INV-2025-112066",
        "issued_at": "2023-03-22T14:06:01.000Z",
        "paid_at": "2023-04-16T23:36:46.000Z",
        "status": "paid",
        "subscription_id": "c6765701-d645-48eb-9e1a-56f0076ba8f9",
      },
    ],
    "members": Array [
      Object {
        "email": "gonzalo_fay15@hotmail.com",
        "first_name": "Gonzalo",
        "id": "871314e2-a203-4a76-b642-4aad56ecb153",
        "job_title": "National Tactics Administrator",
        "joined_at": "2022-07-14T12:53:36.000Z",
        "last_login_at": "2023-08-13T20:57:49.000Z",
        "last_name": "Fay",
        "organization_id": "1fa2305d-01ab-4070-856b-ca40d5d06443",
        "role": "admin",
      },
      Object {
        "email": "adaline.wilkinson415@gmail.com",
        "first_name": "Adaline",
        "id": "6c48a585-0a1c-4ff0-91e9-97b77cd3a46b",
        "job_title": "Human Identity Agent",
        "joined_at": "2025-06-02T01:24:32.000Z",
        "last_login_at": "2025-12-27T05:55:41.000Z",
        "last_name": "Wilkinson",
        "organization_id": "09f54a95-208a-465b-8483-1060698d413a",
        "role": "member",
      },
    ],
    "organizations": Array [
      Object {
        "country": "United States",
        "created_at": "2024-02-23T14:38:51.000Z",
        "domain": "coral-comet.com",
        "employee_count": 2789,
        "id": "d253fd40-ae8f-4f38-a04d-3c06625c5502",
        "industry": "manufacturing",
        "name": "Hagenes - Gleason",
      },
      Object {
        "country": "United States",
        "created_at": "2022-11-25T05:23:27.000Z",
        "domain": "tide-orbit.com",
        "employee_count": 3011,
        "id": "5738dcaf-a64e-4d88-8f0f-31575b9d4530",
        "industry": "finance",
        "name": "Orn, Watsica and Boyer",
      },
    ],
    "subscriptions": Array [
      Object {
        "currency": "USD",
        "id": "82096354-8a3f-40cb-b0bf-c3c01f053461",
        "monthly_price": 2984.56,
        "organization_id": "94f3ed28-a2fa-4166-8fda-7f1d115a62c2",
        "plan": "pro",
        "renews_at": "2024-09-23T01:43:53.000Z",
        "seats": 174,
        "started_at": "2024-01-21T04:27:58.000Z",
        "status": "past_due",
      },
      Object {
        "currency": "USD",
        "id": "cc799ffb-de17-4043-a38a-49781906179e",
        "monthly_price": 2985.09,
        "organization_id": "c6bf2489-2f7c-4f3d-9fa7-96a999b18c09",
        "plan": "pro",
        "renews_at": "2021-12-02T02:51:29.000Z",
        "seats": 78,
        "started_at": "2021-09-06T06:24:20.000Z",
        "status": "active",
      },
    ],
  },
  "whole": "2cfe830df51eb5d1",
}
`

exports[`test/engine/templates.test.ts > TAP > seeded template output at seed 42 > social at seed 42 1`] = `
Object {
  "sample": Object {
    "follows": Array [
      Object {
        "created_at": "2022-08-14T01:54:03.000Z",
        "followee_id": "d245c0a7-cf2f-4ded-82da-97f9ba0cf514",
        "follower_id": "c7ccae0b-b423-4d68-968a-c00d777237cc",
        "id": "afb14fbb-eef1-4df1-9cc0-1cc5bb056e1f",
      },
      Object {
        "created_at": "2025-05-19T19:55:18.000Z",
        "followee_id": "16db1a40-8291-4dbc-a53f-00e21437b8bf",
        "follower_id": "14e41300-f0fa-4357-adaa-bcb8c69dccb5",
        "id": "f8195ee0-de40-4c39-8d02-8368855cdb07",
      },
    ],
    "likes": Array [
      Object {
        "created_at": "2022-10-16T16:29:46.000Z",
        "id": "68806792-dd9f-4553-a668-1969c048a535",
        "post_id": "edc3b524-ac70-4496-9271-3eebe127d9f8",
        "user_id": "d7507f4f-7bfa-4125-95bf-587ec015b0f5",
      },
      Object {
        "created_at": "2024-03-31T22:22:51.000Z",
        "id": "71cb9b61-1400-4462-ae7f-3df965e26261",
        "post_id": "2d29ecd4-c28b-4c7f-a0d1-258e491ac057",
        "user_id": "b99335cb-e211-4652-8240-6e85442c4db1",
      },
    ],
    "messages": Array [
      Object {
        "body": "Just sent you the files.",
        "id": "21df8f87-b0ee-4121-958f-91a38b895388",
        "is_read": false,
        "recipient_id": "812be1b8-b2ba-4838-b23f-44bdd8c415a1",
        "sender_id": "3f14dc27-0fe3-4214-a229-54a1a69d779c",
        "sent_at": "2024-07-11T14:10:30.000Z",
      },
      Object {
        "body": "Just sent you the files.",
        "id": "bf266acd-05c3-491b-bb90-943c43eb204e",
        "is_read": true,
        "recipient_id": "6df969de-3130-41a3-a1d1-1473aef2bc2d",
        "sender_id": "5f701fd9-a85c-44da-86c6-7f966c52e29d",
        "sent_at": "2025-04-16T05:56:02.000Z",
      },
    ],
    "posts": Array [
      Object {
        "content": "This feature reduces team communication.",
        "created_at": "2025-09-10T15:58:53.000Z",
        "hashtag": "#Falcon",
        "id": "348d749c-a876-4217-8349-0e7879cf130e",
        "user_id": "e701480e-acf5-41cf-8811-83d51c603aa2",
      },
      Object {
        "content": "The support team connects the checkout flow at scale.",
        "created_at": "2024-07-07T03:29:25.000Z",
        "hashtag": null,
        "id": "aa00ac5d-3d3f-46bf-b36d-7a5b7c4f1122",
        "user_id": "1876bf20-4ef3-4c86-a9e5-7901601ed221",
      },
    ],
    "users": Array [
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=matilda8782",
        "bio": "Nurse. Loves jazz and yoga. Building things that matter.",
        "created_at": "2021-10-01T22:33:50.000Z",
        "display_name": "Matilda Weber",
        "email": "matilda_weber79@yahoo.com",
        "id": "9e55de08-c3b9-430c-b1a4-549ade6427c2",
        "is_verified": false,
        "username": "matildaw38",
      },
      Object {
        "avatar_url": "https://api.dicebear.com/9.x/avataaars/svg?seed=nestor6080",
        "bio": "Product designer. Loves photography and hiking. Dog person.",
        "created_at": "2022-04-22T06:09:02.000Z",
        "display_name": "Nestor Carroll",
        "email": "nestor.carroll@hotmail.com",
        "id": "c085e775-48d6-4c67-93ef-d6641b9962bd",
        "is_verified": false,
        "username": "nestor6878",
      },
    ],
  },
  "whole": "9afcd9ab95ae8cea",
}
`
