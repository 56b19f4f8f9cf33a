/**
 * Column name → field type, shared by SQL and JSON detection and the prompt converter. A name alone is
 * a guess; callers pass what the value or SQL type says (`ValueClass`) and a name-based type is used only
 * when its column kind fits, so `email VARCHAR` is an email and `email_count INT` an integer.
 */
import type { ColumnKind } from '../../workers/engine/index.js';
import { FIELD_TYPES } from '../../workers/engine/index.js';
import { REFERENCE_TIME } from '../../workers/engine/types/index.js';

/** What the storage (SQL type) or a sample value says about a column. `any`: nothing known. */
export type ValueClass =
  | 'text'
  | 'integer'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'time'
  | 'uuid'
  | 'json'
  | 'any';

/** A field type with its params. */
export interface Inferred {
  type: string;
  params?: Record<string, unknown>;
}

type Rule = [RegExp, string, Record<string, unknown>?];

/**
 * Sums of money: `rent_due`, `fee_charged` and `balance_owed` are sums, not dates or yes/no
 * (`payment_due` and `bill_due` are the day they are due).
 */
const MONEY =
  'rent|fare|fee|fees|price|premium|tax|tip|deposit|salary|wage|wages|amount|total|cost|toll|fine|tuition|dues|balance|interest|principal|charge|commission|bonus|refund|revenue';

// Ordered: the first match wins, so specific names come before the generic ones.
const RULES: Rule[] = [
  [/^(uuid|guid)$|_uuid$|_guid$/, 'uuid'],
  [
    new RegExp(
      `^(${MONEY})_(charged|due|owed|collected|received|refunded|billed|outstanding|requested|claimed|approved|awarded|pledged|raised|granted|disbursed|withheld|invoiced|financed|borrowed)$`,
    ),
    'amount',
  ],
  // `fare_paid` is the sum paid; `fee_paid` and `dues_paid` say whether they were.
  [
    /^(amount|total|price|fare|tax|tip|premium|deposit|rent|salary|wage|toll|commission|bonus)_paid$/,
    'amount',
  ],
  // Codes that are no numbering: a colour's, an airport's, a door's, an error's.
  [/^(color|colour)_code$/, 'color_hex'],
  [
    /^(airport_code|iata|iata_code|airport_iata|origin_code|destination_code)$/,
    'enum',
    { values: ['JFK', 'LAX', 'ORD', 'LHR', 'CDG', 'FRA', 'AMS', 'MAD', 'DXB', 'HND', 'SIN', 'SYD'] },
  ],
  [/^(access_code|door_code|pin|pin_number|gate_code|entry_code)$/, 'integer', { min: 1000, max: 9999 }],
  [/^error_code$/, 'integer', { min: 100, max: 999 }],
  // `times_redeemed`, `times_used`: how often, not whether.
  [/^(times|number_of_times|no_of_times)_[a-z]+$/, 'integer', { min: 0, max: 50 }],
  // `years_teaching`, `months_working`: a span of whole units spent doing something.
  [/^years_[a-z]+ing$/, 'integer', { min: 0, max: 40 }],
  [/^months_[a-z]+ing$/, 'integer', { min: 0, max: 120 }],
  // `wheelchair_accessible`, `bookable`, `machine_washable`: an adjective of what can be done is yes/no
  // (nouns in -able are not: a `timetable`, `accounts_receivable`; nor are things counted or measured:
  // `spots_available`, `quantity_available`).
  [
    /^(?![a-z]*[^s]s_)(?!(?:quantity|qty|stock|balance|amount|credit|capacity|space|inventory|funds|budget|time|units|count)_)(?!(?:[a-z]+_)?(?:table|timetable|vegetable|variable|receivable|payable|deliverable|cable|stable|deductible|convertible)$)(?:[a-z]+_)?[a-z]{3,}(?:able|ible)$/,
    'boolean',
  ],
  // Yes/no columns whose names start like other types: `email_verified`, `phone_opt_in`, `no_show`.
  [
    /^(email|phone|sms|marketing|newsletter)_(verified|confirmed|opt_in|opted_in|opted_out|consent|subscribed)$|_opt(ed)?_(in|out)$|^(no_show|smoker|irrigated|vaccinated|neutered|spayed|checked_in|refundable|taxable|recurring|furnished|insured|organic|hazardous|fragile|remote|urgent|anonymous|pinned|resolved_flag)$|^(accepts|allows|requires|supports|includes|needs|wants)_|_(signed|breached|opted|required|included|acknowledged|redeemed|fulfilled|attended|passed|certified|approved_flag)$/,
    'boolean',
  ],
  [/^(points|coins|gems|credits|miles|karma|xp|tokens|stars)_balance$/, 'integer', { min: 0, max: 100000 }],
  [
    /^(restaurant|hospital|hotel|shop|store|clinic|venue|school|gym|pharmacy|airline|agency|firm|studio|brewery|winery|farm|club|university|college|library|museum|theater|theatre|cinema|bar|cafe|bakery|salon|garage|dealer|dealership|warehouse|supplier|vendor|merchant|employer|sponsor|partner|brand|carrier|insurer|lender|broker|brokerage|publisher|label|practice)_name$|^venue$/,
    'company_name',
  ],
  [/^(succeeded|success|successful|passed|failed_flag|drug_related|is_related)$/, 'boolean'],
  [
    /^(?:(?:avg|average|mean|median|max|min|total)_)?(wait_time|handle_time|response_time|resolution_time|hold_time|talk_time|queue_time|lead_time|cycle_time|turnaround_time)$/,
    'integer',
    { min: 0, max: 3600 },
  ],
  [/^(odometer|odometer_reading|odometer_km|odometer_miles)$/, 'integer', { min: 0, max: 300000 }],
  [/^(power_factor)$/, 'decimal', { min: 0.5, max: 1, precision: 2 }],
  [/^(csat|csat_score|nps|nps_score)$/, 'integer', { min: 1, max: 10 }],
  [/^[a-z]+ed_(from|until|till|through|on)$/, 'date'],
  // `booked_for`, `due_by`: the moment something is set for; `approved_by`: the person who did it.
  [/^(scheduled|rescheduled|booked|planned|reserved|slated|set|timed|arranged)_for$/, 'datetime'],
  [/^due_(by|before)$/, 'datetime'],
  [
    /^(needed|required|expected|completed|delivered|finished|shipped|returned|submitted|paid|done|closed)_by$/,
    'datetime',
  ],
  [/^[a-z]+ed_by$|^assigned_to$/, 'full_name'],
  // The year a thing was made or happened: `year_built`, `year_created`.
  [/^year_(?:[a-z]+ed|built|made|born|founded|begun|run|won)$/, 'integer', { min: 1950, max: 2025 }],
  // A card that is not a payment card has a plain number: `library_card_number`, `loyalty_card_no`.
  [/^(?!credit|debit|payment|bank|cc_)[a-z]+_card_(number|no|num)$/, 'sequence', { start: 100001 }],
  // A profile of something is a kind, not a person: `risk_profile`.
  [/^(risk|investor|credit|flavou?r|taste|load|demand|usage|spending|roast|aroma)_profile$/, 'word'],
  [/^shift_(start|end)_time$/, 'time'],
  [
    /^(call|set|session|run|class|lesson|meeting|trip|ride|match|game|stream|slot|appointment|flight|visit|workout|job|task|build|deploy|shift)_(start|end)$/,
    'datetime',
  ],
  // A thing's number or code that identifies it (`case_number`, `vin`, `mrn`), not a quantity.
  [
    /^(seat|shirt|jersey|track|room|floor|page|house|apartment|apt|unit|lane|gate|table|bed|row|dose|step|week|round|stage|episode|season|chapter|platform|dock|bay|slot|locker|stall|door|pen|stand|line|attempt|visit|heat|set|rep|lap|hole|pitch|court|aisle|shelf|bin|column|col|well|cell)_(number|no|num|index)$/,
    'integer',
    { min: 1, max: 500 },
  ],
  [
    /^(order|account|ticket|permit|case|claim|policy|member|membership|license|licence|driver_license|serial|frequent_flyer|tag|ear_tag|mls|parcel|plate|license_plate|booking|confirmation|reference|ref|registration|loyalty|customer|patient|student|contract|shipment|lot|batch|certificate|application|incident|request|receipt|voucher|quote|project|work_order|purchase_order|po|sample|specimen|participant|asset|part|catalog|catalogue|model|routing|sort_code|check|cheque|badge|medical_record|record|transaction|payment|refund|return|delivery|consignment|waybill|bill_of_lading|container|pallet|warranty|subscription|contact|lead|opportunity|deal|campaign|job|requisition|employee_badge|course|class|section|flight|train|route|vehicle|tail|hull|voter|taxpayer|citizen|passport_book|booking_ref|insurance|insurance_policy|rma|hs|sample_id|kit|unit_serial|tax_return|return|loan|mortgage)_(number|no|num|code|ref|reference|identifier)$|^(vin|mrn|ear_tag|license_plate|plate|licence_plate|serial|serial_no|booking_reference|booking_ref|confirmation_code|pnr|reference|ref_no|record_locator|isrc|upc_code|asin|cas_number|cas_no|lot|batch)$/,
    'sequence',
    { start: 100001 },
  ],
  [/^(first_?name|given_?name|fore_?name|fname)$/, 'first_name'],
  [/^(last_?name|sur_?name|family_?name|lname)$/, 'last_name'],
  [/^(middle_?name)$/, 'first_name'],
  // A pet's name is a given name ("Bella", "Max").
  [/^(pet|dog|cat|horse|puppy|kitten|animal)_name$/, 'first_name'],
  // A place in an order: an author's on a paper, a stop's on a route, an item's on a page.
  [
    /^(sort|display|author|stop|step|list|page|track|menu|batting|running|print|seat|listing)_order$/,
    'integer',
    { min: 1, max: 20 },
  ],
  // A place in a sequence: the stops of a route, the steps of a recipe.
  [/^(sequence|seq|sequence_number|seq_no|stop_sequence|step_number)$/, 'integer', { min: 1, max: 50 }],
  [/^(last_login|last_seen|last_active|last_activity|last_visit)$/, 'datetime'],
  // The last time something was done: `last_counted`, `last_serviced`.
  [/^last_[a-z]+ed(_at|_on)?$/, 'datetime'],
  // What went wrong, in a sentence.
  [/^(issue|problem|fault|defect|issue_description|problem_description)$/, 'sentence'],
  [/^(user_?name|login|handle|screen_?name)$/, 'username'],
  [/^nick_?name$/, 'nickname'],
  [
    /^(company|company_name|merchant|merchant_name|vendor_name|supplier_name|organi[sz]ation_name|employer|org_name|brand|manufacturer)$/,
    'company_name',
  ],
  [/^(product_name|item_name|product)$/, 'product_name'],
  [
    /^(full_?name|display_?name|contact_name|contact_person|account_holder|holder_name|holder|customer_name|author_name|user_full_name|owner_name|patient_name|student_name|employee_name|recipient_name|sender_name)$/,
    'full_name',
  ],
  [/(^|_)e_?mail(_address)?$|^email/, 'email'],
  [
    /^(phone|phone_?number|mobile|mobile_?number|cell|cell_?phone|telephone|tel|contact_number)$|_phone$/,
    'phone',
  ],
  [/^(avatar|avatar_url|profile_(picture|photo|image)(_url)?|profile_pic)$/, 'avatar_url'],
  [
    /^(image|image_url|img|thumbnail(_url)?|photo(_url)?|picture(_url)?|cover(_image)?(_url)?|logo(_url)?|banner(_url)?)$/,
    'image_url',
  ],
  [/^(gender|sex)$/, 'gender'],
  [/^(dob|date_of_birth|birth_?date|birthday|born_on)$/, 'date_of_birth'],
  [/^age$/, 'age'],
  [/^(bio|biography|about|about_me)$/, 'bio'],
  [/^(ssn|social_security_number)$/, 'ssn'],
  [/^passport(_number|_no)?$/, 'passport_number'],
  [/^nationality$/, 'nationality'],
  [/^marital_status$/, 'marital_status'],
  [/^blood_(type|group)$/, 'blood_type'],
  [/^(title_prefix|name_prefix|salutation|honorific)$/, 'name_prefix'],
  [/^(address_line_?2|address_?2|apartment|suite)$/, 'address_line_2'],
  [/^(street|street_address|address_line_?1|address_?1|street_line)$/, 'street_address'],
  [
    /^(address|full_address|postal_address|shipping_address|billing_address|home_address|location)$/,
    'address',
  ],
  [/^(city|town|city_name|municipality)$/, 'city'],
  [
    /^(state|province|region|state_province|county|prefecture|canton|oblast|voivodeship|emirate|district)$/,
    'state_province',
  ],
  [/^(zip|zip_?code|postal_?code|post_?code|postcode|plz|cep|pin_?code|eircode)$/, 'postal_code'],
  [/^(country_code|country_iso|iso_country|country_iso_code)$/, 'country_code'],
  [/^(country|country_name|nation)$/, 'country'],
  [/^(temp|temperature|celsius|temp_c|temperature_c)$/, 'decimal', { min: -10, max: 40, precision: 1 }],
  [/^(fahrenheit|temp_f|temperature_f)$/, 'decimal', { min: 14, max: 104, precision: 1 }],
  [/^(lat|latitude)$/, 'latitude'],
  [/^(lng|lon|long|longitude)$/, 'longitude'],
  [/^(timezone|time_zone|tz)$/, 'timezone'],
  [/^(locale|language_code|lang_code|locale_code)$/, 'locale_code'],
  // A person's or a text's language (a repository's is a programming language, above).
  [/^(language|lang|preferred_language|spoken_language|native_language|content_language)$/, 'locale_code'],
  [/^(neighbou?rhood)$/, 'neighborhood'],
  [/^(hourly_wage|hourly_pay|day_rate|daily_wage|hourly)$/, 'price', { min: 10, max: 80 }],
  [/^(duty|tax|premium|principal|interest|amount)_paid$/, 'amount'],
  [/^years_(active|of_service|employed|in_business|in_role|experience)$/, 'integer', { min: 0, max: 40 }],
  [/^(float|opening_float|cash|closing_cash|petty_cash|cash_float|till_float)$/, 'amount'],
  [/^(salary|wage|annual_salary|base_salary|compensation|income)$/, 'salary'],
  [
    /^(price|unit_price|list_price|sale_price|msrp|cost|unit_cost|retail_price|price_usd|monthly_price|fare|rent|monthly_rent|premium|daily_rate|nightly_rate|hourly_rate|rate_per_night)$|_price$|_fare$|_rent$/,
    'price',
  ],
  [
    /^(amount|total|subtotal|sub_total|grand_total|total_amount|balance|tax|tax_amount|fee|fees|discount|discount_amount|revenue|refund_amount|paid_amount|budget|spend|deposit|payment|value_usd|mrr|arr)$|_amount$|_total$|_balance$/,
    'amount',
  ],
  [/^(currency|currency_code)$/, 'currency'],
  [/^iban$/, 'iban'],
  [/^(vat_number|vat_id|vat_no)$/, 'vat_number'],
  // A bare VAT on an invoice or a sale is its sum.
  [/^(vat|vat_amount|sales_tax|tax_amount)$/, 'amount'],
  [/^(credit_card|card_number|cc_number|credit_card_number|pan)$/, 'credit_card_number'],
  [/^(cvv|cvc|card_cvv)$/, 'credit_card_cvv'],
  [/^(card_expiry|expiry_date_card|exp_month_year|card_exp|cc_expiry)$/, 'credit_card_expiry'],
  [/^(bank|bank_name)$/, 'bank_name'],
  [/^(payment_method|payment_type|pay_method)$/, 'payment_method'],
  [/^(invoice_number|invoice_no|invoice_num)$/, 'invoice_number'],
  [/^(swift|swift_code|bic)$/, 'swift_code'],
  [
    /^(tax_id|ein|tin|tax_number|cpf|cnpj|nif|nie|pan|gstin|tax_code|codice_fiscale|steuer_id|inn|oib|pesel|bsn|aadhaar|personnummer|nino|curp|rut|dni|nric|hkid)$/,
    'tax_id',
  ],
  [/^(ticker|stock_ticker|stock_symbol|symbol)$/, 'stock_ticker'],
  [/^(wallet|wallet_address|eth_address)$/, 'wallet_address'],
  [/^(sku|product_code|item_code)$/, 'sku'],
  [/^(tracking_number|tracking_no|tracking_code|tracking_id)$/, 'tracking_number'],
  [/^(discount_code|coupon|coupon_code|promo_code|voucher_code)$/, 'discount_code'],
  [/^(carrier|shipping_carrier|courier)$/, 'shipping_carrier'],
  [/^(order_status|fulfillment_status|shipping_status)$/, 'order_status'],
  [/^(product_category)$/, 'product_category'],
  [/^(product_description)$/, 'product_description'],
  [/^(barcode|ean|ean13|upc|gtin)$/, 'barcode_ean13'],
  [/^isbn(13)?$/, 'isbn'],
  [/^(weight|weight_kg|shipping_weight)$/, 'weight'],
  [/^(property_type)$/, 'property_type'],
  [/^(ip|ip_address|ipv4|ip_addr|remote_addr|client_ip)$/, 'ip_address'],
  [/^ipv6$/, 'ipv6'],
  [/^(mac|mac_address)$/, 'mac_address'],
  [/^(domain|hostname|domain_name)$/, 'domain'],
  [/^(url|website|homepage|home_page|link|web_url|website_url|web_site|permalink)$|_url$|_link$/, 'url'],
  [/^(user_agent|ua)$/, 'user_agent'],
  [/^(http_method|request_method|http_verb)$/, 'http_method'],
  [/^(mime_type|content_type|media_type|mimetype)$/, 'mime_type'],
  [/^(status_code|http_status|http_status_code|response_code)$/, 'http_status_code'],
  [/^(session_id|session_token|session)$/, 'session_id'],
  [/^(agent|phone|office|desk)_ext(ension)?$/, 'integer', { min: 100, max: 999 }],
  // A company that runs a network or a service: `network_operator`, `donor_operator`, `isp`.
  [
    /^(isp|internet_provider|(network|mobile|donor|recipient|tour|telecom|cell|carrier)_operator|counterparty|counter_party)$/,
    'company_name',
  ],
  [/^(affiliation|institution|institution_name|university_affiliation)$/, 'university_name'],
  [/^(file_extension|extension|ext)$/, 'file_extension'],
  [/^(caller|callee|phone|mobile|cell|contact|fax|whatsapp)_(number|no)$|^caller$/, 'phone'],
  [/^(programming_language)$/, 'programming_language'],
  [/^(database_engine|db_engine)$/, 'database_engine'],
  [/^(version|semver|app_version|release|version_number|release_version)$/, 'semver'],
  [/^(commit|commit_sha|sha|git_sha|commit_hash)$/, 'commit_sha'],
  [/^(md5|checksum|md5_hash|etag)$/, 'hash_md5'],
  [/^(sha256|hash|sha256_hash|digest|fingerprint)$/, 'hash_sha256'],
  // A ship's ports of call are places; a bare port is a network's.
  [
    /^(departure|arrival|home|origin|destination|loading|discharge|unloading|embarkation|disembarkation|transit)_port$|^port_of_[a-z]+$/,
    'city',
  ],
  [/^(port|port_number)$/, 'port_number'],
  // The languages people speak or translate between are no programming languages.
  [
    /^(source|target|spoken|native|preferred|first|second|mother|original|working|translation|display)_languages?$/,
    'locale_code',
  ],
  [/^character_name$/, 'full_name'],
  [/^(player_tag|gamer_tag|gamertag|player_handle)$/, 'username'],
  [/^(file_size|size_human)$/, 'file_size'],
  [/^(docker_image|image_name|container_image)$/, 'docker_image'],
  [/^(path|file_path|filepath|file_name|filename)$/, 'file_path'],
  [/^(hex_color|color_hex|colour_hex)$/, 'color_hex'],
  [/^(color|colour|color_name)$/, 'color_name'],
  [/^(confidence|confidence_score|probability_score)$/, 'confidence_score'],
  [/^(token_count|tokens|num_tokens)$/, 'token_count'],
  [/^(embedding|embeddings|vector|embedding_vector)$/, 'embedding_vector'],
  [/^(slug|url_slug|handle_slug)$/, 'slug'],
  [/^(title|headline|subject)$/, 'title'],
  [/^(hashtag|hash_tag)$/, 'hashtag'],
  [/^(tag|tag_name|label_name)$/, 'tag'],
  // A description or a memo is a sentence or two; a body of text runs to paragraphs (below).
  [
    /^(summary|excerpt|tagline|caption|short_description|notes?|remarks?|reason|description|details|memo|hypothesis|special_requests)$/,
    'sentence',
  ],
  [/^(slogan|catch_phrase|motto)$/, 'catch_phrase'],
  [/^(review|review_text|review_body)$/, 'review'],
  [/^(comment|comment_text)$/, 'blog_comment'],
  [/^(message|message_text|chat_message)$/, 'message'],
  [/^(notification|notification_text)$/, 'notification_text'],
  [/^(markdown|body_markdown|content_md)$/, 'markdown'],
  [/^(body|content|text|post_body|article_body)$/, 'paragraph'],
  [/^emoji$/, 'emoji'],
  [/^(social_platform|social_network|network)$/, 'social_platform'],
  [/^(reaction|reaction_type)$/, 'reaction'],
  [/^(github|github_username|github_handle)$/, 'github_username'],
  [/^(twitter|twitter_handle|x_handle)$/, 'twitter_handle'],
  [/^(rating|stars|star_rating|score_stars)$/, 'rating'],
  [/^(genre|music_genre)$/, 'music_genre'],
  [/^(job_title|position|job|occupation|designation|job_role)$/, 'job_title'],
  [/^(breed|breed_name|animal_breed|pet_breed|dog_breed|cat_breed)$/, 'animal_breed'],
  [/^(animal_species|pet_species|animal_type|pet_type)$/, 'animal_species'],
  [/^(department|dept|department_name|division)$/, 'department'],
  [/^(employment_status|employment_type)$/, 'employment_status'],
  [/^(seniority|seniority_level|level_of_seniority|job_level|career_level)$/, 'seniority_level'],
  [/^(skill|skills|primary_skill)$/, 'skill'],
  [/^(leave_type|absence_type)$/, 'leave_type'],
  [/^(employee_id|employee_number|emp_no|employee_no|staff_id|badge_number)$/, 'employee_id'],
  [/^(team|team_name|squad)$/, 'team_name'],
  [/^(degree|qualification)$/, 'degree'],
  [/^(university|university_name|school|college|alma_mater|school_name)$/, 'university_name'],
  [/^(specialty|speciality|medical_specialty|specialization)$/, 'medical_specialty'],
  [/^(allergy|allergies|allergen)$/, 'allergy'],
  [
    /^(password|password_hash|hashed_password|pwd|pass_hash|encrypted_password|password_digest)$/,
    'password_hash',
  ],
  [/^(role|user_role|access_role)$/, 'role'],
  [/^(permission|permissions)$/, 'permission'],
  [/^(scope|oauth_scope|scopes)$/, 'oauth_scope'],
  [/^(license_key|license|serial_key|product_key)$/, 'license_key'],
  [/^(totp_secret|mfa_secret|otp_secret|two_factor_secret)$/, 'totp_secret'],
  [/^(jwt|jwt_token|access_token|refresh_token|bearer_token|auth_token|token)$/, 'jwt_token'],
  // An APNs device token: 64 hex characters, no JWT.
  [/^(device_token|apns_token)$/, 'hash_sha256'],
  [/^(api_key|apikey|secret_key|client_secret)$/, 'api_key'],
  [/^(duration|duration_text)$/, 'duration'],
  [
    /^(is|has|can|should|was|allow|allows)_|_(enabled|flag|verified|active|deleted|archived|published|approved)$|^(active|enabled|verified|deleted|archived|published|approved|visible|featured|subscribed|blocked|banned|paid|completed|done|available|in_stock|in_service|in_use|in_transit|on_hold|on_leave|on_call|on_duty|on_trial|in_progress|in_production|in_season|on_sale|in_storage|in_repair|in_maintenance|out_of_stock|out_of_service|public|private|vip|locked|read|confirmed|cancelled|canceled|frozen|suspended|paused|muted|hidden|flagged|starred|explicit|online|offline|discontinued|returnable|recyclable|waterproof|refurbished|controlled|controlled_substance)$/,
    'boolean',
  ],
  [
    /^(quantity|qty|count|stock|stock_quantity|inventory|units|items_count|seats|year|percent|percentage|progress|views|view_count|likes|like_count|followers|follower_count|clicks|visits|downloads|points|score|level|rank|position_index|sort_order|attempts|retries|duration_minutes|minutes|hours|days|nights|guests|capacity|floor|rooms|bedrooms|bathrooms|credits|mileage|pages|page_count|word_count|population|employees|employee_count|headcount|size|height|width|length|depth|temperature|humidity|speed|distance)$|_(count|qty|quantity|number_of)$|^(num|number_of)_/,
    'number',
  ],
  [
    /^(created|updated|modified|deleted|published|signed_up|registered|last_login|last_seen|logged|occurred|sent|received|started|ended|completed|expires|expired|joined|paid|shipped|delivered|scheduled|submitted|approved|cancelled|canceled|processed|closed|opened|archived|verified|confirmed|issued|due|renewed|checked_in|checked_out|booked|posted|read|viewed|last_active|last_modified|resolved|hired|terminated)_(at|time|timestamp)$|_at$|^(timestamp|datetime|created|updated|modified|occurred|event_time|logged_at|ts|started|ended|finished|requested|reported)$/,
    'datetime',
  ],
  [
    /^(signup|sign_up|signed_up|login|logout|start|end|departure|arrival|pickup|dropoff|created|updated|event|publish|post|send|sent|delivery|order|check_in|checkout|check_out|booking|payment|transaction|purchase|last_seen|last_login|release|submission|registration|visit|appointment|pick_up|drop_off|scheduled)_time$/,
    'datetime',
  ],
  // Days named by what happens on them: `check_in`, `due`, `move_out`.
  [
    /^(check_in|check_out|checkin|checkout|move_in|move_out|due|admission|discharge|graduation|expiry|expiration|renewal|maturity)$/,
    'date',
  ],
  [/^(departure|arrival)$/, 'datetime'],
  // Sums of money named by what they pay for.
  [
    /^(bonus|fee|fees|fine|tax|tip|cost|revenue|income|expense|refund|deposit|rent|fare|payout|commission|deductible|subtotal|total|grand_total|wage|allowance|stipend|tuition|donation|principal|spend|spending|earnings|profit|loss|value)$/,
    'amount',
  ],
  // Everyday column words with a fitting type.
  [
    /^(feedback|comments|comment|symptoms|diagnosis|treatment|complaint|observation|observations)$/,
    'sentence',
  ],
  [/^(profession|occupation|job|position_title)$/, 'job_title'],
  [/^(course|class|course_name|class_name|subject_name)$/, 'title'],
  [
    /^(volume|pressure|voltage|battery|signal|signal_strength|rssi|wattage|power|current|amperage)$/,
    'number',
  ],
  [/^(firmware|firmware_version|app_version|software_version)$/, 'semver'],
  [/^(fax|fax_number)$/, 'phone'],
  [/^(tags|labels)$/, 'tag'],
  [/^(hashtags)$/, 'hashtag'],
  [/^(transaction_id|transaction_ref|payment_id|correlation_id|trace_id)$/, 'uuid'],
  [
    /^(airline|carrier_name|make|vehicle_make|vendor|supplier|maker|insurer|lender|issuer|provider|insurance_provider)$/,
    'company_name',
  ],
  [/^(badge|badge_no|officer_badge|badge_id)$|_badge$/, 'sequence', { start: 1001 }],
  [/^(origin|destination|origin_city|destination_city|hometown|birthplace)$/, 'city'],
  [/^(hex|hex_code|hex_color)$/, 'color_hex'],
  [/^(rgb|rgb_color)$/, 'color_rgb'],
  [/^(pronouns)$/, 'pronoun_set'],
  [
    /^(national_id|national_id_number|id_number|personal_number|personal_id|personal_code|personnummer)$/,
    'ssn',
  ],
  [/^(jurisdiction|governing_law|country_of_jurisdiction)$/, 'country'],
  // Times a race took, not moments.
  [/^(finish|lap|split|chip|race|gun|swim|run|bike|total|net)_time$/, 'duration'],
  // Minutes a thing takes to make or do: a recipe's cook time, a trip's travel time.
  [
    /^(cook|cooking|prep|preparation|bake|baking|travel|drive|driving|walk|walking|commute|setup|repair)_time$/,
    'integer',
    { min: 5, max: 180 },
  ],
  // A deadline or a book's due date is a day.
  [/^(deadline|due|due_back|due_by)$/, 'date'],
  // The last four digits of a card.
  [/^(card_)?last_?(4|four)(_digits)?$/, 'integer', { min: 1000, max: 9999 }],
  // A list of what a place offers; a machine's cores; a shop's opening hours as written on its door.
  [/^(amenities|facilities|features|perks)$/, 'array', { of: 'word', min: 1, max: 5 }],
  [/^(cpu_cores|cores|core_count|vcpus|threads)$/, 'integer', { min: 1, max: 64 }],
  [
    /^(opening_hours|business_hours|office_hours|hours_of_operation)$/,
    'enum',
    { values: ['08:00-16:00', '09:00-17:00', '09:00-18:00', '10:00-19:00', '07:00-22:00', '24/7'] },
  ],
  // A wine's vintage is its year; a district's turnout a share in percent.
  [/^vintage$/, 'integer', { min: 1990, max: new Date(REFERENCE_TIME).getUTCFullYear() - 2 }],
  [/^(turnout|voter_turnout|turnout_rate)$/, 'number', { min: 20, max: 95, precision: 1 }],
  [
    /^(manufacturer|maker|producer|developer|distributor|contractor|provider|owner_company)_name$/,
    'company_name',
  ],
  [/^(file|attachment|document_path)$/, 'file_path'],
  [/^(secret|client_secret|secret_key|access_key)$/, 'api_key'],
  // Counts and measures of everyday things.
  [
    /^(calories|bpm|pulse|heart_rate|runtime|steps|reps|sets|laps|goals|assists|kills|deaths|wins|losses|draws|votes|shares|comments_count|attendance|occupancy|beds|floors|stops|passengers|seats_available|vacancies|quota|stock_level|calorie_count)$/,
    'number',
  ],
  // Days named by what happened on them: `hired_on`, `prescribed_on`, `member_since`.
  [
    /^[a-z_]+_on$|_since$|^[a-z]+ed_(from|until)$|^(rented|leased|booked|borrowed|loaned|reserved|hired|employed|blocked)_to$|^(start|end|lease_start|lease_end|valid_from|valid_until|valid_to|available_from|expires|expiry|effective|effective_from)$/,
    'date',
  ],
  [/^(opening_hour|closing_hour|open_from|open_until)$/, 'time'],
  [/(^|_)(date|day)$|^date_|_date_/, 'date'],
  // Any other thing's code or number-as-name: `hs_code`, `rma_no`, `course_code`.
  [
    /^(?!(?:lucky|favou?rite|random|magic|prime|whole|decimal|real|odd|even)_)[a-z]+_(code|no|nr|number)$/,
    'sequence',
    { start: 100001 },
  ],
  [/^(systolic|systolic_bp)$/, 'integer', { min: 90, max: 180 }],
  [/^(diastolic|diastolic_bp)$/, 'integer', { min: 60, max: 110 }],
  [/^(spo2|o2_sat|oxygen_saturation)$/, 'integer', { min: 88, max: 100 }],
  [/^(glucose|blood_glucose|blood_sugar)$/, 'integer', { min: 70, max: 200 }],
  [/^(cholesterol|respiratory_rate|resp_rate)$/, 'integer', { min: 10, max: 300 }],
  [
    /^(gross|box_office|box_office_gross|net|earnings|takings|turnover|gross_sales|net_sales)$|_(gross|earnings|turnover)$/,
    'amount',
  ],
  [/^(week|week_number|iso_week|week_of_year)$/, 'integer', { min: 1, max: 52 }],
  [/^(hour|hour_of_day)$/, 'integer', { min: 0, max: 23 }],
  [
    /^(overtime|overtime_hours|hours_worked|hours|billable_hours|labor_hours|labour_hours|work_hours|flight_hours|engine_hours|volunteer_hours|logged_hours)$/,
    'decimal',
    { min: 0, max: 60, precision: 1 },
  ],
  [/^(liters|litres|gallons|kwh|mwh|kw)$/, 'decimal', { min: 0, max: 1000, precision: 2 }],
  [/^(expiry|expiration|expiry_date|expiration_date|expires_on|expires)$|_(expiry|expiration)$/, 'date'],
  [/^(minutes|seconds|days|weeks|months)_[a-z_]+$/, 'integer', { min: 0, max: 1000 }],
  // Quantities named by their unit first: `kwh_delivered`, `liters_applied`.
  [
    /^(kwh|kw|mwh|liters|litres|gallons|kg|kilograms|tonnes|tons|km|miles|meters|metres|grams|hours)_[a-z_]+$/,
    'decimal',
    { min: 0, max: 1000, precision: 2 },
  ],
  // Measures with the ranges they take.
  [/^bmi$/, 'decimal', { min: 16, max: 40, precision: 1 }],
  [
    /^(power|power_output|watts|wattage|cadence|amps|volts|voltage|current_a)$|_(watts|amps|volts)$/,
    'integer',
    { min: 0, max: 1000 },
  ],
  [/_index$|^(aqi|air_quality_index|uv_index)$/, 'integer', { min: 0, max: 500 }],
  [
    /^(roof|building|vehicle|car|house|home|property|equipment|asset|tree|account|loan|battery|tire|tyre|engine|machine|device|roof_age)_age(_yrs|_years)?$/,
    'integer',
    { min: 0, max: 60 },
  ],
  [/^gpa$/, 'decimal', { min: 0, max: 4, precision: 2 }],
  [/^(ph|soil_ph|ph_value|ph_level)$/, 'decimal', { min: 4, max: 9, precision: 1 }],
  [/^(probability|confidence|likelihood|fraud_score|risk_score)$/, 'confidence_score'],
  [/^(elo|elo_rating|mmr|skill_rating)$/, 'integer', { min: 800, max: 2800 }],
  [
    /^(xp|experience_points|coins|gems|gold|credits_balance|tokens_balance|karma)$|_(coins|gems|xp)$/,
    'integer',
    { min: 0, max: 100000 },
  ],
  [/^(heading|bearing|direction_degrees|wind_direction)$/, 'integer', { min: 0, max: 359 }],
  [/^(rpm)$/, 'integer', { min: 600, max: 6000 }],
  [/^(horsepower|hp)$/, 'integer', { min: 70, max: 600 }],
  [/^(mpg)$/, 'decimal', { min: 12, max: 60, precision: 1 }],
  [/^(right_ascension|ra)$/, 'decimal', { min: 0, max: 360, precision: 4 }],
  [/^(declination|dec)$/, 'decimal', { min: -90, max: 90, precision: 4 }],
  [
    /^(interest_rate|apr|apy|tax_rate|vat_rate|discount_rate|exchange_rate|conversion_rate|churn_rate|win_rate|attendance_rate|success_rate|error_rate|click_rate|open_rate|occupancy_rate|utilization|kd_ratio|ratio)$|_(ratio|rate_pct)$/,
    'decimal',
    { min: 0, max: 100, precision: 2 },
  ],
  [
    /^(amt|net_pay|gross_pay|take_home|coverage_limit|coverage|sum_insured|limit|credit_limit|loan_amount|principal_amount|outstanding|amount_due|amount_paid|amount_owed|balance_due|invoice_total|order_total|cart_total|settlement|payout_amount|claim_amount)$/,
    'amount',
  ],
  [/_cents$|^cents$/, 'integer', { min: 100, max: 100000 }],
  [
    /^(metadata|meta|payload|attributes|properties|settings|config|configuration|extra|details_json|context|headers|raw|data)$/,
    'json',
  ],
  [/^[a-z]+_affiliation$/, 'word'],
  [
    /^(transcript|abstract|instructions|release_notes|changelog|resolution|conclusion|findings|summary_text|narrative|statement|justification|cover_letter|minutes)$/,
    'paragraph',
  ],
  [/^(gamertag|gamer_tag|ign|in_game_name|callsign)$/, 'username'],
  [/^(place_of_birth|birth_place|city_of_birth|village|hometown_city)$/, 'city'],
  [/^(citizenship|nationality_code)$/, 'nationality'],
  [/^(taxpayer_id|tax_identification_number|tax_payer_id)$/, 'tax_id'],
  [/^(ipv6_address|ip_v6)$/, 'ipv6'],
  [/^(ipv4_address|ip_v4)$/, 'ip_address'],
  [/^(docker_image|container_image|image_tag)$/, 'docker_image'],
  [
    /^(signed_by|approved_by_name|observer|principal_investigator|investigator|adjuster|adjuster_name|insured_name|server_name|waiter_name|referee|umpire|inspector_name|examiner|supervisor_name|witness|next_of_kin|emergency_contact|emergency_contact_name|caretaker|handler|vet_name|assignee|assignee_name|reporter|reporter_name|requester|requester_name|applicant_name|operator_name|operator|driver_name|pilot_name|captain|coach_name)$/,
    'full_name',
  ],
  // Measures and counts named by their unit: `height_cm`, `mass_g`, `duration_min`, `file_size_bytes`.
  [
    /_(seconds|secs|sec|s|ms|minutes|mins|min|hours|hrs|h|days|weeks|months|years|bytes|kb|mb|gb)$/,
    'integer',
    { min: 0, max: 1000 },
  ],
  [
    /_(cm|mm|m|km|kg|g|mg|mcg|lbs|lb|oz|ml|l|litres|liters|c|f|celsius|fahrenheit|ha|hectares|acres|sqm|m2|sqft|kmh|kph|mph|kw|kwh|w|v|mah|db|ppm|ppb|mg_l|mg_dl|kg_ha|kg_per_ha|per_hectare|per_ha|per_acre|t_ha|tonnes|tons|l_ha|m_s|mmhg|bpm|psi|kpa|hpa|lux|grams|kilograms|pounds|meters|metres|kilometers|kilometres|gallons|mw|gw|mwh|gwh|kva|mbps|gbps|kbps|hz|khz|mhz|ghz)$/,
    'decimal',
    { min: 0, max: 1000, precision: 2 },
  ],
  // An area of work or interest is a kind: `focus_area`, `service_area` (`floor_area` is a measure).
  [
    /^(focus|service|practice|coverage|study|subject|research|program|programme|interest|expertise|business|functional|therapeutic|product|sales|delivery|catchment|operating|specialty|speciality)_area$/,
    'word',
  ],
  // A share in percent: 0 to 100, with one decimal.
  [
    /_(pct|percent|percentage)$|^(pct|percent|percentage)(_[a-z]+)?$/,
    'number',
    { min: 0, max: 100, precision: 1 },
  ],
  // Floor space in square feet is counted in whole feet.
  [/^(square_feet|sqft|sq_ft)$/, 'integer', { min: 300, max: 6000 }],
  [
    /^(hectares|acres|acreage|area|area_ha|landholding|square_meters|square_metres|sqm|m2|floor_area|living_area|lot_size)$/,
    'decimal',
    { min: 20, max: 5000, precision: 1 },
  ],
  [
    /^(rainfall|precipitation|elevation|altitude|yield|concentration|nitrogen|phosphorus|potassium|salinity|turbidity|uncertainty|value|result_value|reading|measurement|mass|dose|dosage_amount|co2|pm25|pm2_5|pm10|ozone|noise|noise_level|magnification|wavelength|frequency_hz|intensity|moisture|soil_moisture|wind_speed|torque|displacement|engine_size|kelvin|conductivity|resistance|capacitance|absorption|luminosity|irradiance|radiation|dissolved_oxygen)$|_(reading|value|level_pct|index)$/,
    'decimal',
    { min: 0, max: 1000, precision: 2 },
  ],
  [
    /^(max|min|total|num|number_of|no_of|count_of)_(?!.*(cost|price|amount|value|fee|paid|spend|revenue|due|charge|sales|income|budget|salary|pay|premium|rent|balance|weight|temp|temperature|distance|length|height|width|speed|duration|rate)).+$|_(count|remaining|available|left|used|visitors|attendees|passengers|seats|beds|rooms|units|panels|players|members|employees|students|guests|enrollment|capacity)$/,
    'integer',
    { min: 0, max: 1000 },
  ],
  // Measures of science and sport that are fractions: `magnitude`, `absorbance`, `pace`, `body_fat`.
  [
    /^(magnitude|absorbance|optical_density|pace|body_fat|fat|ph|gc_content|ratio|density|viscosity)$/,
    'decimal',
    { min: 0, max: 100, precision: 2 },
  ],
  // Counts people keep of things: `citations`, `retweets`, `goals`, `bids`.
  [
    /^(citations|retweets|reposts|shares|upvotes|downvotes|votes|bids|goals|assists|kills|deaths|wins|losses|draws|rebounds|steals|saves|laps|streams|plays|listens|installs|impressions|refills|servings|reps|sets|nights|ranking|bib|bib_number)$/,
    'integer',
    { min: 0, max: 1000 },
  ],
  [/^(quarter|fiscal_quarter)$/, 'integer', { min: 1, max: 4 }],
  // What a thing allows or needs: `pets_allowed`, `id_required`.
  [/_(allowed|permitted|included|required|accepted)$/, 'boolean'],
  // Things that underwent something, counted: `customers_affected`, `coins_earned`, `items_picked`.
  [
    /^[a-z]+[^su]s_(?:[a-z]+ed|left|remaining|won|lost|sold|spent|burnt|built|made|taken|given|written|driven|seen|read|run|found|caught|kept|bought|shot|thrown|eaten|grown|flown|hit)$/,
    'integer',
    { min: 0, max: 1000 },
  ],
  [/^(eta|estimated_arrival|expected_arrival)$/, 'datetime'],
  [/^(msisdn|mobile_number|cell_number)$/, 'phone'],
  [/^(phone|mobile|phone_number|msisdn|contact_phone)_e164$|^e164(_phone)?$/, 'phone_e164'],
  [/^(square_footage|footage|sq_ft|square_feet|square_meters|sqm)$/, 'integer', { min: 20, max: 5000 }],
  [/^(copay|co_pay|deductible|coinsurance_amount)$/, 'amount', { min: 5, max: 500 }],
  [/^(question|question_text|prompt_text)$/, 'sentence'],
  [/^(answer|answer_text|reply_text)$/, 'sentence'],
  [/^(ok|is_ok|healthy|is_healthy|is_up|alive)$/, 'boolean'],
  // A time of day on its own ("time", "opening time"); a thing's time ("reservation time") is a moment.
  [
    /^(time|time_of_day|opening_time|closing_time|open_time|close_time|wake_time|bed_time|bedtime|lunch_time|feeding_time|meal_time|dinner_time|breakfast_time|curfew)$/,
    'time',
  ],
  [/_time$/, 'datetime'],
  // After the specific rules above (`hours_worked`, `days_overdue` keep theirs):
  // A measure named by its unit alone (`kg`, `km`) or first (`ms_played`, `km_driven`): a quantity.
  [
    /^(kg|kgs|kilos|lbs|grams|tonnes|tons|km|kms|meters|metres|miles|liters|litres|gallons)$/,
    'decimal',
    { min: 0, max: 1000, precision: 2 },
  ],
  [/^(ms|msec)_[a-z]+$/, 'integer', { min: 0, max: 600000 }],
  [
    /^(secs|seconds|mins|minutes|hrs|hours|days|km|kms|miles|kg|kgs|steps|reps)_[a-z]+$/,
    'integer',
    { min: 0, max: 10000 },
  ],
  [/^[a-z]+_class$/, 'word'],
  // A quantity named first (`qty_on_hand`, `quantity_ordered`, `stock_on_hand`) counts things.
  [
    /^(qty|quantity|stock|units|count)_(on_hand|ordered|shipped|received|sold|available|reserved|in_stock|returned|picked)$/,
    'integer',
    { min: 0, max: 500 },
  ],
  // A place in a store room is a code, not a street address.
  [
    /^(bin|shelf|slot|aisle|rack|locker|storage)_(location|loc|position)$/,
    'sequence',
    { start: 101, prefix: 'BIN-' },
  ],
  [/^(commune|village|town|borough|hometown|municipality_name)$/, 'city'],
  [/^(check_interval|polling_interval|interval_seconds|interval_sec)$/, 'integer', { min: 10, max: 3600 }],
];

// Tables whose `name` is a person's name, a company's, a product's...
const NAME_BY_TABLE: [RegExp, string][] = [
  [
    /(user|customer|client|employee|author|student|member|person|people|patient|contact|teacher|instructor|driver|player|doctor|physician|nurse|guest|staff|worker|attendee|participant|subscriber|follower|reader|writer|buyer|seller|owner|tenant|lead|applicant|candidate|volunteer|donor|passenger|traveler|traveller|rider|manager|agent|speaker|artist|musician|actor|athlete|coach|pilot|friend|parent|child|kid|resident|voter|citizen|individual|profile|account_holder|borrower|lender|landlord|host|reviewer|recipient|sender|vendor_contact|technician|mechanic|lawyer|professor|tutor|therapist|trainer|influencer|creator|freelancer|contractor|consultant|researcher|scientist|engineer|developer|designer|analyst|accountant|director|producer|composer|photographer|surgeon|pharmacist|veterinarian|vet|dentist|chef|waiter|cashier|clerk|inspector|officer|judge|cardholder|policyholder|shopper|homeowner|learner|pupil|visitor|caller|investor|beneficiary|caregiver|guardian|receptionist|courier|farmer|owner|intern|trainee|apprentice|adjuster|idol|performer|singer|dancer|runner|cyclist|swimmer|climber|golfer|rep|representative|associate|assistant|operator|dispatcher|agent|broker|realtor|holder|insured|claimant|defendant|plaintiff|witness|juror|official|councillor|councilor|senator|mayor|parishioner|worshipper|camper|hiker|gamer|streamer|blogger|vlogger|mentor|mentee|fellow|scholar|postdoc|researcher|auditor|barista|bartender|bidder|cleaner|counselor|counsellor|curator|detective|editor|electrician|foreman|housekeeper|janitor|journalist|librarian|moderator|nanny|notary|plumber|recruiter|sailor|shareholder|soldier|supervisor|taxpayer|timekeeper|tourist|umpire|prescriber|proctor|invigilator|approver|assessor|grader|assignee|requester|requestor|dependent|dependant|head_of_household|householder|respondent|docent|conductor|referee|zookeeper|keeper|handler|caretaker|translator|interpreter|appraiser|steward|skipper|paramedic|firefighter|ranger|warden|prosecutor|attorney|solicitor|barrister|mediator|arbitrator|interviewee|interviewer|panelist|panellist|delegate|spectator|patron|entrant|contestant|nominee|graduate|examiner|examinee|surveyor|principal_investigator|pi)s?$/,
    'full_name',
  ],
  [/(universit(y|ie)|college)s?$/, 'university_name'],
  [/banks?$/, 'bank_name'],
  [/carriers?$/, 'shipping_carrier'],
  [/neighbou?rhoods?$/, 'neighborhood'],
  [/(specialt(y|ie)|specialit(y|ie))s?$/, 'medical_specialty'],
  [
    /(compan|organi[sz]ation|org|vendor|supplier|merchant|business|firm|employer|brand|manufacturer|agenc|partner|client_compan|tenant_org|enterprise|startup|bank|insurer|carrier|publisher|retailer|store|shop|restaurant|hotel|airline|hospital|clinic|school|universit|venue|sponsor|advertiser|distributor|wholesaler|lender_org)(y|ies|s)?$/,
    'company_name',
  ],
  [/(product|item|good|article|sku|merchandise|listing)s?$/, 'product_name'],
  [/(department|dept)s?$/, 'department'],
  [/teams?$/, 'team_name'],
  // A pet's name is a given name ("Bella", "Max").
  [/(pet|dog|cat|pupp(y|ie)|kitten|horse|foal|pony|ponie)s?$/, 'first_name'],
  [/(tag|label|keyword|topic)s?$/, 'tag'],
  [/(categor(y|ies)|genre)$/, 'product_category'],
  [/(cit(y|ies)|town)s?$/, 'city'],
  [/countr(y|ies)$/, 'country'],
  [/(skill)s?$/, 'skill'],
  [/(role)s?$/, 'role'],
  [/(permission)s?$/, 'permission'],
  [
    /(course|class|lesson|book|movie|film|song|track|album|event|project|campaign|game|show|episode|podcast|article|post|task|ticket|issue|course_module|module|program|workshop|playlist|recipe|dish|menu_item|meal|room|venue_room|plan|board|channel|group|list|folder|document|report|survey|poll|question|quiz|exam|assignment|challenge|milestone|sprint|release|feature|epic|story|initiative|goal|objective)s?$/,
    'title',
  ],
];

/** NAME_BY_TABLE matched by whole words of a table's name: `reagents` are no agents. */
const NAME_BY_TABLE_WORDS: [RegExp, string][] = NAME_BY_TABLE.map(([re, type]) => [
  new RegExp(`(?:^|_)(?:${re.source})`),
  type,
]);

/** An adult's weight, as detection guesses it for a column of a table of people. */
export const PERSON_WEIGHTS = { kg: { min: 45, max: 120 }, lb: { min: 100, max: 265 } } as const;

/** Tables of people: NAME_BY_TABLE's person tables, by whole words. */
const PEOPLE_TABLES = NAME_BY_TABLE_WORDS[0]![0];

/** The roles of people (the names of NAME_BY_TABLE's person tables), with a qualifier and `_name`. */
const PERSON_COLUMN = new RegExp(
  `^(?:(?:assigned|primary|lead|head|main|attending|responsible|preferred|referring)_)?(?:${NAME_BY_TABLE[0]![0].source.replace(/^\(/, '').replace(/\)s\?\$$/, '')})(?:_(?:name|full_name))?$`,
);

const CLASS_KINDS: Record<Exclude<ValueClass, 'any'>, readonly ColumnKind[]> = {
  text: ['text'],
  integer: ['integer', 'bigint'],
  decimal: ['decimal', 'float', 'integer', 'bigint'],
  float: ['float', 'decimal'],
  boolean: ['boolean'],
  date: ['date'],
  datetime: ['datetime', 'date'],
  time: ['time'],
  uuid: ['uuid'],
  json: ['json'],
};

/** `createdAt`, `Created-At` and `created at` → `created_at`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function kindOf(inferred: Inferred): ColumnKind | undefined {
  return FIELD_TYPES.get(inferred.type)?.kind(inferred.params ?? {});
}

/**
 * A named type in the form a column holds: a salary, a weight or a token count is one number unless the
 * sample is an object; a plain numbering of a numeric column is an `id` (numbers), where a `sequence`
 * would be strings in JSON.
 */
function asColumn(inferred: Inferred, value: ValueClass): Inferred {
  if (value === 'json') return inferred;
  // Types whose value is an object by default (as the hosted service gives) take `scalar`.
  if (FIELD_TYPES.get(inferred.type)?.params['scalar'] !== undefined) {
    return { type: inferred.type, params: { ...inferred.params, scalar: true } };
  }
  const params = inferred.params ?? {};
  const plain =
    params['prefix'] === undefined && params['suffix'] === undefined && params['pad'] === undefined;
  if (inferred.type === 'sequence' && plain && (value === 'integer' || value === 'decimal')) {
    return { type: 'id', params };
  }
  return inferred;
}

/** Whether a type's column kind fits what the storage or the value says. */
export function fits(inferred: Inferred, value: ValueClass): boolean {
  if (value === 'any') return true;
  const kind = kindOf(inferred);
  return kind !== undefined && CLASS_KINDS[value].includes(kind);
}

/**
 * Whole words at the end of a table's name, singular or plural: `repository` matches `repository` and
 * `code_repositories`, `branch` matches `branches`.
 */
const tableOf = (words: string) =>
  new RegExp(`(?:^|_)(?:${words.replace(/y(?=\||$)/g, '(?:y|ie)')})(?:s|es)?$`);

const ANIMALS =
  'animal|pet|livestock|cattle|cow|horse|dog|cat|sheep|goat|pig|calf|calve|herd|mouse|mice|foal|puppy|kitten|bird|fish|specimen';
/** Tables of the animals the catalogue knows (a specimen or a fish may be of any species). */
const PETS =
  'animal|pet|livestock|cattle|cow|horse|dog|cat|sheep|goat|pig|calf|calve|herd|foal|puppy|kitten|bird|breed|patient_animal|adoption|adoptable';

const COMPANIONS = 'pet|puppy|kitten|patient_animal|adoption|adoptable|companion_animal';
const LIVESTOCK = 'livestock|cattle|cow|herd|calf|calve|sheep|goat|pig|foal';

const MUSIC =
  'track|song|album|artist|band|playlist|music|record|concert|gig|festival|radio|station|single|musician|singer|stream|listen|performance|performer|lineup|set|stage|dj';

/**
 * Column names whose type the table's kind decides: [names, the table's last words, type]. The first
 * match wins, before the rules below; a name in another table goes on to them.
 */
const BY_TABLE: [RegExp, RegExp, Inferred][] = [
  // A player's position on the field is a word ("goalkeeper"), not a place in a list.
  [/^position$/, tableOf('player|athlete|footballer|squad|roster|lineup'), { type: 'word' }],
  // A review's title and text take the tone of its stars (detection links them to the rating).
  [
    /^(title|headline|review_title|summary)$/,
    tableOf('review|product_review|customer_review'),
    { type: 'review_title' },
  ],
  [
    /^(body|text|content|comment|review|review_text|review_body)$/,
    tableOf('review|product_review|customer_review'),
    { type: 'review' },
  ],
  // A social post's or a comment's body is a sentence or two; an article's runs to paragraphs.
  [
    /^(text|body|content)$/,
    tableOf('blog_post|article|page|story|essay|newsletter|chapter'),
    { type: 'paragraph' },
  ],
  [
    /^(text|body|content)$/,
    tableOf('post|tweet|status|comment|review|note|toot|update|answer|question'),
    { type: 'sentence' },
  ],
  // An HTTP request's method; a contact method or a payment method is no HTTP verb.
  [
    /^(method|verb)$/,
    tableOf('request|log|endpoint|route|api_call|call|hit|trace|span|webhook|api'),
    { type: 'http_method' },
  ],
  // Whether a message was opened or clicked: yes or no (a ticket's "opened" is when it was).
  [
    /^(opened|clicked|bounced|unsubscribed|replied|delivered|read)$/,
    tableOf('email|mail|send|message|notification|push|sms|newsletter|impression|campaign_send|recipient'),
    { type: 'boolean' },
  ],
  // A kind of thing the catalogue knows by the table: a leave's type, a property's, a reaction's.
  [/^(type|kind)$/, tableOf('leave|leave_request|absence|time_off|time_off_request'), { type: 'leave_type' }],
  [/^(type|kind)$/, tableOf('property|listing|real_estate'), { type: 'property_type' }],
  [/^(type|kind)$/, tableOf('reaction'), { type: 'reaction' }],
  [/^engine$/, tableOf('database|db|cluster|datastore|instance'), { type: 'database_engine' }],
  [/^title$/, tableOf('product'), { type: 'product_name' }],
  [/^(body|text|message)$/, tableOf('notification|push_notification|push'), { type: 'notification_text' }],
  [/^code$/, tableOf('currency'), { type: 'currency' }],
  // A song's key is a musical key.
  [
    /^(key|musical_key)$/,
    tableOf(MUSIC),
    {
      type: 'enum',
      params: {
        values: ['C major', 'G major', 'D major', 'A minor', 'E minor', 'F major', 'B♭ major', 'D minor'],
      },
    },
  ],
  // A clause's or a section's heading is a short title, not a compass bearing.
  [
    /^heading$/,
    tableOf('clause|section|article|chapter|document|page|slide|note|paragraph|contract|report'),
    { type: 'title' },
  ],
  // A song's genre is a music genre; a book's, a film's or a game's a word of its own kind.
  [/^genre$/, tableOf(MUSIC), { type: 'music_genre' }],
  [/^genre$/, /[a-z]/, { type: 'word' }],
  // A person's or a desk's phone extension.
  [
    /^(extension|ext)$/,
    tableOf(
      'agent|staff|employee|user|contact|office|desk|person|people|member|rep|representative|extension',
    ),
    { type: 'integer', params: { min: 100, max: 9999 } },
  ],
  // A code repository's stars count the people who starred it; its owner is an account.
  [
    /^stars$/,
    tableOf('repo|repository|project|package|library|gist'),
    { type: 'integer', params: { min: 0, max: 50000 } },
  ],
  [/^owner$/, tableOf('repo|repository|package|gist|bucket'), { type: 'username' }],
  [
    /^address$/,
    tableOf('wallet|crypto_wallet|blockchain_account|eth_account|bitcoin_account'),
    { type: 'wallet_address' },
  ],
  // What a deployment runs is a container image, not a picture.
  [
    /^(image|image_name)$/,
    tableOf('deployment|container|pod|build|workload|task_definition'),
    { type: 'docker_image' },
  ],
  [
    /^size$/,
    tableOf('file|attachment|upload|document|asset|download|backup|artifact|blob'),
    { type: 'file_size' },
  ],
  // An animal's birth day is a day of the last few years, not an adult's.
  [/^(birth_date|date_of_birth|dob|born_on|birthdate|birthday)$/, tableOf(ANIMALS), { type: 'date_past' }],
  // A person's weight is an adult's, in the unit the name says (a package's stays a shipping weight).
  [
    /^(weight|weight_kg|weight_kgs|body_weight|body_weight_kg)$/,
    PEOPLE_TABLES,
    { type: 'weight', params: PERSON_WEIGHTS.kg },
  ],
  [
    /^(weight_lbs?|body_weight_lbs?)$/,
    PEOPLE_TABLES,
    { type: 'weight', params: { ...PERSON_WEIGHTS.lb, unit: 'lb' } },
  ],
  [/^birth_weight(_kg)?$/, /./, { type: 'weight', params: { min: 2.5, max: 4.5 } }],
  // A pet's or a farm animal's species and lifespan, from the animals catalogue.
  // A pet's species is a companion animal's (no chickens at the vet's front desk); a herd's a farm one's.
  [/^(species|kind|type)$/, tableOf(COMPANIONS), { type: 'animal_species', params: { kind: 'pet' } }],
  [/^(species|kind|type)$/, tableOf(LIVESTOCK), { type: 'animal_species', params: { kind: 'farm' } }],
  [/^(species|kind|type)$/, tableOf(PETS), { type: 'animal_species' }],
  [/^(lifespan|life_span|life_expectancy)(_years|_yrs)?$/, tableOf(PETS), { type: 'lifespan' }],
  // A log line's or an event's time is a moment, not a time of day.
  [
    /^time$/,
    tableOf(
      'log|event|reading|measurement|scan|ping|request|call|message|alert|alarm|heartbeat|entry|click|view|tap|transaction',
    ),
    { type: 'datetime' },
  ],
  // What a container or a parcel holds is a kind of goods, not a MIME type.
  [
    /^(content_type|contents)$/,
    tableOf('container|shipment|parcel|cargo|package|consignment|box|pallet|crate|delivery'),
    { type: 'word' },
  ],
  // A tower's or a SIM's operator is a telecom company; a machine's is a person.
  [
    /^operator$/,
    tableOf('tower|cell_tower|sim|sim_card|mast|antenna|number_port|port_request|ferry|bus_line'),
    { type: 'company_name' },
  ],
  // A commit's or a log line's message is one sentence, not a chat message.
  [
    /^message$/,
    tableOf('commit|changeset|revision|log|alert|error|exception|incident'),
    { type: 'sentence' },
  ],
  // A billed rate is money an hour.
  [
    /^rate$/,
    tableOf(
      'time_entry|timesheet|billing|invoice_line|engagement|matter|contractor|freelancer|consultant|lawyer|attorney|tutor|trainer',
    ),
    { type: 'price', params: { min: 50, max: 500 } },
  ],
  // A SIM's or a phone line's network is its operator.
  [
    /^network$/,
    tableOf('sim|sim_card|phone|phone_line|line|subscription|tower|cell_tower'),
    { type: 'company_name' },
  ],
  [
    /^network$/,
    tableOf('card|credit_card|debit_card|payment_card|authorization|authorisation|card_transaction'),
    { type: 'enum', params: { values: ['Visa', 'Mastercard', 'American Express', 'Discover'] } },
  ],
  // Opening hours of a place are times of day (an auction's `closes_at` is a moment).
  [
    /^(opens_at|closes_at)$/,
    tableOf(
      'restaurant|shop|store|cafe|bar|venue|gym|branch|office|clinic|library|museum|park|pharmacy|salon|location|outlet|bakery',
    ),
    { type: 'time' },
  ],
  // A magazine's issue is a number; elsewhere an issue is what went wrong.
  [
    /^issue$/,
    tableOf('magazine|comic|journal|newspaper|periodical|publication|volume'),
    { type: 'integer', params: { min: 1, max: 300 } },
  ],
  // A member's, a patron's or a rider's card number is the card's, no credit card's.
  [
    /^(card_number|card_no|card_num)$/,
    tableOf(
      'member|membership|patron|library|loyalty|student|employee|staff|visitor|guest|rider|passenger|player|subscriber|athlete|volunteer|reader|borrower',
    ),
    { type: 'sequence', params: { start: 100001 } },
  ],
  // A ship's port is a place.
  [
    /^port$/,
    tableOf('voyage|vessel|ship|cruise|cargo|berth|shipment|freight|port_call|sailing|ferry|crossing'),
    { type: 'city' },
  ],
  // A doctor's specialty is medicine's; a trainer's, a lawyer's or a chef's is a skill.
  [
    /^(specialty|speciality|specialization)$/,
    tableOf(
      'trainer|coach|instructor|lawyer|attorney|chef|cook|freelancer|contractor|tutor|teacher|mechanic|technician|engineer|developer|designer|artist|stylist|barber|photographer|translator|craftsman|tradesperson|volunteer|agent|realtor|broker|consultant_firm|restaurant|bakery|shop|store|brewery|winery',
    ),
    { type: 'skill' },
  ],
  // A patient's temperature is a body's.
  [
    /^(temp|temperature|body_temperature)$/,
    tableOf('patient|vital|vital_sign|triage|admission|checkup|visit|encounter|consultation'),
    { type: 'decimal', params: { min: 35.5, max: 39.5, precision: 1 } },
  ],
];

/** Tables of documents and bookings, whose `number` is that document's number (`invoice_number`). */
const DOCUMENT_NUMBER =
  /(?:^|_)(invoice|order|ticket|receipt|polic(?:y|ies)|claim|case|account|booking|reservation|shipment|contract|permit|license|licence|voucher|quote|flight|room|seat|page|chapter|episode|track|lot|batch|container|pallet|parcel|application|registration)(?:s|es)?$/;

/** The groups of rules that read a name with its table, in order (see TableReading). */
const TABLE_READINGS = [peopleAndPlacesOfTable, valuesOfTable, namesOfTable];

/** The type a column name suggests, if any, fitting `value`; `table` disambiguates `name`. */
export function typeFromName(name: string, value: ValueClass = 'any', table?: string): Inferred | undefined {
  const snake = snakeCase(name);
  // A name of many parts is no column a rule knows, and reading it part by part costs a pass of the
  // rules per part.
  if (snake.split('_').length > MAX_NAME_PARTS) return undefined;
  const candidates: Inferred[] = [];
  for (const read of TABLE_READINGS) {
    const reading = read(snake, table, candidates, value);
    if (reading === 'none') continue;
    if (reading !== 'read') return reading.decided;
    break;
  }
  for (const [re, type, params] of RULES) {
    if (re.test(snake)) candidates.push(params === undefined ? { type } : { type, params });
  }
  // A column named after a person's role holds a person's name: `doctor`, `doctor_name`, `assigned_agent`.
  if (PERSON_COLUMN.test(snake)) candidates.push({ type: 'full_name' });
  // `calls_per_day`, `rate_per_night`: a rate is a number, a price or a measure; never the day it is
  // per (the fallback below reads its measure).
  const per = /^(.+?)_per_[a-z]+$/.exec(snake);
  for (const named of candidates) {
    if (per !== null && !RATE_TYPE.test(named.type)) continue;
    const candidate = asColumn(named, value);
    if (fits(candidate, value)) return candidate;
    // An integer column of money keeps the money type, in whole units.
    if (value === 'integer' && ['price', 'amount', 'decimal'].includes(candidate.type)) {
      return { type: candidate.type, params: { ...candidate.params, precision: 0 } };
    }
  }
  // English compounds put their head last: `annual_income` is an income, `credit_score` a score,
  // `price_per_person` a price. Without a rule for the whole name, the head decides.
  if (per !== null) {
    const measure = typeFromName(per[1]!, value, table);
    if (measure !== undefined && RATE_TYPE.test(measure.type)) return measure;
    return fits({ type: 'number' }, value) ? { type: 'number' } : undefined;
  }
  const head = /^[a-z0-9]+_(.+)$/.exec(snake)?.[1];
  const byHead =
    head !== undefined && !/^(id|at|on|by|to|of|in|is|no)$/.test(head)
      ? typeFromName(head, value, table)
      : undefined;
  if (byHead !== undefined) return byHead;
  // `income_yearly`, `revenue_total`, `balance_after`: a qualifier after the measure leaves the
  // measure to decide.
  const qualified =
    /^(.+?)_(yearly|annual|annually|monthly|weekly|daily|hourly|total|avg|average|net|gross|after|before)$/.exec(
      snake,
    );
  return qualified === null ? undefined : typeFromName(qualified[1]!, value, table);
}

/**
 * A name read with its table, by the first rule of a group that matches: `none` when none does,
 * `read` when one did (having added its candidate, if any), or the type it decides at once.
 */
type TableReading = 'none' | 'read' | { decided: Inferred | undefined };

/** Names the table gives a kind of: `BY_TABLE`, a name or label, an order's status, a reading's value, a position. */
function peopleAndPlacesOfTable(
  snake: string,
  table: string | undefined,
  candidates: Inferred[],
): TableReading {
  const tableSnake = table === undefined ? '' : snakeCase(table);
  const byKind =
    table === undefined
      ? undefined
      : BY_TABLE.find(([names, tables]) => names.test(snake) && tables.test(tableSnake));
  if (byKind !== undefined) {
    candidates.push(byKind[2]);
  } else if (snake === 'name' || snake === 'label') {
    // Whole words of the table's name: `reagents` are no agents.
    const byTable = NAME_BY_TABLE_WORDS.find(([re]) => re.test(tableSnake));
    candidates.push({ type: byTable?.[1] ?? (snake === 'label' ? 'label' : 'words') });
  } else if (
    (snake === 'status' || snake === 'state_code') &&
    table !== undefined &&
    /orders?$/.test(snakeCase(table))
  ) {
    candidates.push({ type: 'order_status' });
  } else if (
    /^(value|reading|result|result_value|measurement)$/.test(snake) &&
    table !== undefined &&
    /(reading|measurement|result|observation|sample|metric|sensor|vital|test|assay|telemetr)(s|ies|y)?$/.test(
      snakeCase(table),
    )
  ) {
    // A measured value, not a sum of money.
    candidates.push({ type: 'decimal', params: { min: 0, max: 1000, precision: 2 } });
  } else if (
    snake === 'position' &&
    !/(employee|staff|job|candidate|applicant|hire|worker|posting|opening|role)s?$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    // A place in an order (a track in a playlist, an author on a paper), not a job.
    candidates.push({ type: 'integer', params: { min: 1, max: 20 } });
  } else return 'none';
  return 'read';
}

/** Values the table's domain decides: a message's text, a survey's comment, a card's expiry, a host, a platform, a language, a region, a price bar. */
function valuesOfTable(snake: string, table: string | undefined, candidates: Inferred[]): TableReading {
  if (
    /^(text|body|content)$/.test(snake) &&
    /(message|chat|sms|dm|conversation|text|reply|replies)s?$/.test(snakeCase(table ?? ''))
  ) {
    candidates.push({ type: 'message' });
  } else if (
    /^(comment|comments)$/.test(snake) &&
    /(response|survey|feedback|review|rating|csat|nps|evaluation|inspection|score)s?$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    candidates.push({ type: 'sentence' });
  } else if (
    /^(expiry|expiration|expiry_date|expires)$/.test(snake) &&
    /^(cards?|(credit|debit|payment|bank|prepaid)_cards?|cardholders?|payment_methods?)$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    candidates.push({ type: 'credit_card_expiry' });
  } else if (
    snake === 'host' &&
    !/(server|node|cluster|machine|website|site|dns|url|endpoint|domain|service|container|vm|instance|request|log)s?$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    candidates.push({ type: 'full_name' });
  } else if (snake === 'host') {
    candidates.push({ type: 'domain' });
  } else if (
    snake === 'platform' &&
    /(post|account|profile|influencer|campaign|ad|share|mention|social|creator|handle|follower)s?$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    candidates.push({ type: 'social_platform' });
  } else if (
    /^(language|primary_language|lang)$/.test(snake) &&
    /(repo|repositor(y|ies)|project|package|librar(y|ies)|snippet|gist|codebase|commit|service)s?$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    candidates.push({ type: 'programming_language' });
  } else if (
    snake === 'region' &&
    /(server|cluster|instance|node|deployment|bucket|datacenter|data_center|shard|region|zone|vm|host)s?$/.test(
      snakeCase(table ?? ''),
    )
  ) {
    candidates.push({
      type: 'enum',
      params: { values: ['us-east', 'us-west', 'eu-west', 'eu-central', 'ap-southeast'] },
    });
  } else if (
    /^(open|high|low|close|adj_close)$/.test(snake) &&
    /(^|_)(rate|price|quote|candle|ticker|ohlc|fx|stock|crypto|securit(y|ie))s?$/.test(snakeCase(table ?? ''))
  ) {
    // A price bar's open, high, low and close: an exchange rate's near 1, a share's in currency units.
    candidates.push(
      /(rate|fx|exchange)s?$/.test(snakeCase(table ?? ''))
        ? { type: 'decimal', params: { min: 0.5, max: 2, precision: 4 } }
        : { type: 'decimal', params: { min: 1, max: 500, precision: 2 } },
    );
  } else return 'none';
  return 'read';
}

/** A threshold (`level_required`), a document's number, a product's category and description, a job title, a school subject. */
function namesOfTable(
  snake: string,
  table: string | undefined,
  candidates: Inferred[],
  value: ValueClass,
): TableReading {
  if (/^[a-z]+_(required|needed|minimum)$/.test(snake)) {
    // `level_required`, `age_minimum`: a measure's threshold is that measure; `id_required` is yes/no.
    const measure = typeFromName(snake.replace(/_(required|needed|minimum)$/, ''), value, table);
    if (
      measure !== undefined &&
      /^(integer|number|decimal|float|age|price|amount|salary|weight)$/.test(measure.type)
    )
      return { decided: measure };
  } else if (snake === 'number' && DOCUMENT_NUMBER.test(snakeCase(table ?? ''))) {
    // An invoice's number is an invoice number, a policy's a policy number.
    const kind = DOCUMENT_NUMBER.exec(snakeCase(table ?? ''))![1]!.replace(/ies$/, 'y');
    const own = typeFromName(`${kind}_number`, value);
    if (own !== undefined) candidates.push(own);
  } else if (snake === 'category' && table !== undefined && /products?|items?$/.test(snakeCase(table))) {
    candidates.push({ type: 'product_category' });
  } else if (snake === 'description' && table !== undefined && /products?$/.test(snakeCase(table))) {
    candidates.push({ type: 'product_description' });
  } else if (
    /^(title)$/.test(snake) &&
    table !== undefined &&
    /(employee|staff|worker|member|job|posting|position|opening|vacanc(y|ie)|requisition|role|hire|candidate|applicant)s?$/.test(
      snakeCase(table),
    )
  ) {
    candidates.push({ type: 'job_title' });
  } else if (
    snake === 'subject' &&
    table !== undefined &&
    /(teacher|exam|class|course|grade|result|lesson|student|school|tutor|timetable|mark)s?$/.test(
      snakeCase(table),
    )
  ) {
    // A school subject: the knowledge base's choices, not a ticket's subject line.
    return { decided: undefined };
  } else return 'none';
  return 'read';
}

const MAX_NAME_PARTS = 8;

/** The types a rate (`x_per_y`) may have. */
const RATE_TYPE = /^(integer|number|decimal|float|price|amount|salary|weight|percentage)$/;

/** The plain type of a value class when the name says nothing. */
export function typeOfClass(value: ValueClass): Inferred {
  switch (value) {
    case 'integer':
      return { type: 'integer' };
    case 'decimal':
      return { type: 'decimal' };
    case 'float':
      return { type: 'float' };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'date' };
    case 'datetime':
      return { type: 'datetime' };
    case 'time':
      return { type: 'time' };
    case 'uuid':
      return { type: 'uuid' };
    case 'json':
      return { type: 'json' };
    default:
      return { type: 'words' };
  }
}

/** Whether `type` can give distinct values for any row count (so `unique: true` is always feasible). */
export function uniqueCapable(type: string): boolean {
  const fieldType = FIELD_TYPES.get(type);
  return fieldType?.cardinality !== undefined && fieldType.cardinality({}, 'en') === Number.POSITIVE_INFINITY;
}
