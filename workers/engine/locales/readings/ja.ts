/**
 * Readings (modified Hepburn, long vowels unmarked as on passports: 佐藤 sato, 翔太 shota) of every
 * kanji name in faker's `ja` lists. Kanji give no reading by themselves and a name's reading is a
 * convention, so each name carries the usual one; kana names need no entry (wanakana reads them).
 * Format: `name=reading` pairs separated by spaces, parsed once by `parseReadings`.
 */

/** Given names (female then male). */
export const JA_GIVEN = `
七海=nanami 久子=hisako 久美子=kumiko 亜美=ami 京子=kyoko 佳奈=kana 信子=nobuko 優奈=yuna 優子=yuko
優花=yuka 優衣=yui 光子=mitsuko 八重子=yaeko 典子=noriko 凛=rin 凜=rin 勝子=katsuko 千代=chiyo
千代子=chiyoko 千夏=chinatsu 千尋=chihiro 友美=tomomi 君子=kimiko 和子=kazuko 咲良=sakura 啓子=keiko
奈々=nana 孝子=takako 幸子=sachiko 弘子=hiroko 彩=aya 彩乃=ayano 彩花=ayaka 彩香=ayaka 心優=miyu
心愛=kokoa 心春=koharu 心結=miyu 恵=megumi 恵子=keiko 恵美=emi 恵美子=emiko 悦子=etsuko 愛=ai
愛子=aiko 愛美=manami 愛莉=airi 愛菜=mana 成美=narumi 敏子=toshiko 文子=fumiko 早紀=saki
明日香=asuka 明美=akemi 昭子=akiko 智子=tomoko 智美=tomomi 未来=miku 杏=an 栄子=eiko 桃子=momoko
桜=sakura 楓=kaede 正子=masako 沙織=saori 洋子=yoko 浩子=hiroko 清子=kiyoko 照子=teruko 玲奈=rena
理恵=rie 琴音=kotone 由佳=yuka 由美=yumi 由美子=yumiko 百花=momoka 直子=naoko 直美=naomi 真央=mao
真由=mayu 真由美=mayumi 瞳=hitomi 節子=setsuko 紀子=noriko 純子=junko 紬=tsumugi 結愛=yua
結月=yuzuki 結菜=yuna 結衣=yui 絵美=emi 美代子=miyoko 美優=miyu 美咲=misaki 美智子=michiko
美月=mizuki 美桜=mio 美穂=miho 美紀=miki 美結=miyu 美羽=miu 美香=mika 舞=mai 良子=yoshiko 花=hana
花音=kanon 芳子=yoshiko 芽依=mei 茜=akane 莉子=riko 菜々子=nanako 菜摘=natsumi 菜月=natsuki 萌=moe
裕子=yuko 裕美=hiromi 貞子=sadako 遥=haruka 里奈=rina 陽子=yoko 陽菜=hina 陽葵=himari 静子=shizuko
順子=junko 香織=kaori 麻美=asami 麻衣=mai 麻衣子=maiko
一男=kazuo 一輝=kazuki 一郎=ichiro 三郎=saburo 亮=ryo 亮太=ryota 修=osamu 健=ken 健一=kenichi
健太=kenta 健太郎=kentaro 優=yu 優太=yuta 優斗=yuto 剛=tsuyoshi 功=isao 勇=isamu 勉=tsutomu
勝=masaru 勝利=katsutoshi 勲=isao 匠=takumi 博=hiroshi 博之=hiroyuki 和也=kazuya 和夫=kazuo
和彦=kazuhiko 哲也=tetsuya 大介=daisuke 大和=yamato 大地=daichi 大樹=daiki 大翔=hiroto 大貴=daiki
大輔=daisuke 大輝=daiki 大雅=taiga 太一=taichi 太陽=taiyo 学=manabu 実=minoru 崇=takashi
幸雄=yukio 康平=kohei 弘=hiroshi 律=ritsu 徹=toru 悠=yu 悠人=yuto 悠太=yuta 悠希=yuki 悠斗=yuto
悠真=yuma 悠翔=yuto 拓也=takuya 拓哉=takuya 拓海=takumi 新=arata 昇=noboru 明=akira 昭=akira
昭一=shoichi 昭三=shozo 昭二=shoji 智也=tomoya 朝陽=asahi 樹=itsuki 正=tadashi 正一=shoichi
正三=shozo 正二=shoji 正夫=masao 正治=masaharu 正男=masao 正雄=masao 武=takeshi 武雄=takeo
歩夢=ayumu 洋平=yohei 浩=hiroshi 浩一=koichi 浩之=hiroyuki 浩二=koji 海斗=kaito 海翔=kaito
涼太=ryota 淳=jun 清=kiyoshi 湊=minato 瑛太=eita 直人=naoto 直樹=naoki 祐介=yusuke 秀樹=hideki
秀雄=hideo 稔=minoru 空=sora 竜=ryu 竜也=tatsuya 結翔=yuito 義雄=yoshio 翔=sho 翔太=shota
翔平=shohei 翼=tsubasa 聡=satoshi 英樹=hideki 茂=shigeru 蒼=ao 蒼空=sora 蓮=ren 誠=makoto
豊=yutaka 貴大=takahiro 輝=hikaru 辰男=tatsuo 辰雄=tatsuo 進=susumu 達也=tatsuya 陸=riku
陸斗=rikuto 陽向=hinata 陽大=haruto 陽太=yota 陽斗=haruto 陽翔=haruto 隆=takashi 雄大=yudai
雄太=yuta 颯=hayate 颯太=sota 颯真=soma 駿=shun 龍生=ryusei
`;

/** Family names. */
export const JA_FAMILY = `
三上=mikami 三好=miyoshi 三宅=miyake 三木=miki 三浦=miura 三輪=miwa 上原=uehara 上村=uemura
上田=ueda 上野=ueno 下村=shimomura 下田=shimoda 中井=nakai 中原=nakahara 中尾=nakao 中山=nakayama
中島=nakajima 中嶋=nakajima 中川=nakagawa 中村=nakamura 中沢=nakazawa 中田=nakata 中西=nakanishi
中谷=nakatani 中野=nakano 丸山=maruyama 丹羽=niwa 久保=kubo 久保田=kubota 亀井=kamei
二宮=ninomiya 五十嵐=igarashi 井上=inoue 井口=iguchi 今井=imai 今村=imamura 今泉=imaizumi
今野=konno 伊東=ito 伊藤=ito 佐々木=sasaki 佐久間=sakuma 佐伯=saeki 佐藤=sato 佐野=sano
倉田=kurata 児玉=kodama 入江=irie 八木=yagi 内山=uchiyama 内海=utsumi 内田=uchida 内藤=naito
冨田=tomita 出口=deguchi 前川=maekawa 前田=maeda 加納=kano 加藤=kato 北原=kitahara 北島=kitajima
北川=kitagawa 北村=kitamura 北野=kitano 千田=chida 千葉=chiba 南=minami 原=hara 原口=haraguchi
原田=harada 及川=oikawa 古川=furukawa 古田=furuta 古谷=furuya 古賀=koga 吉井=yoshii 吉原=yoshihara
吉岡=yoshioka 吉川=yoshikawa 吉本=yoshimoto 吉村=yoshimura 吉沢=yoshizawa 吉田=yoshida 吉野=yoshino
向井=mukai 和田=wada 園田=sonoda 土井=doi 土屋=tsuchiya 土田=tsuchida 坂井=sakai 坂口=sakaguchi
坂本=sakamoto 坂田=sakata 堀=hori 堀内=horiuchi 堀口=horiguchi 堀川=horikawa 堀江=horie 堀田=hotta
堤=tsutsumi 塚本=tsukamoto 塚田=tsukada 増田=masuda 多田=tada 大久保=okubo 大内=ouchi 大原=ohara
大城=oshiro 大場=oba 大塚=otsuka 大山=oyama 大島=oshima 大川=okawa 大平=ohira 大木=oki
大村=omura 大森=omori 大槻=otsuki 大橋=ohashi 大沢=osawa 大田=ota 大石=oishi 大竹=otake
大西=onishi 大谷=otani 大野=ono 天野=amano 太田=ota 奥山=okuyama 奥村=okumura 奥田=okuda
奥野=okuno 奧村=okumura 奧田=okuda 宇野=uno 安井=yasui 安田=yasuda 安藤=ando 安達=adachi
安部=abe 宮下=miyashita 宮内=miyauchi 宮原=miyahara 宮城=miyagi 宮崎=miyazaki 宮川=miyagawa
宮本=miyamoto 宮沢=miyazawa 宮田=miyata 富永=tominaga 富田=tomita 寺田=terada 小倉=ogura
小出=koide 小原=ohara 小坂=kosaka 小山=koyama 小島=kojima 小川=ogawa 小松=komatsu 小林=kobayashi
小柳=koyanagi 小森=komori 小池=koike 小沢=ozawa 小泉=koizumi 小澤=ozawa 小田=oda 小笠原=ogasawara
小西=konishi 小谷=kotani 小野=ono 小野寺=onodera 尾崎=ozaki 山下=yamashita 山中=yamanaka
山内=yamauchi 山口=yamaguchi 山岡=yamaoka 山岸=yamagishi 山崎=yamazaki 山川=yamakawa 山本=yamamoto
山村=yamamura 山根=yamane 山田=yamada 岡=oka 岡崎=okazaki 岡本=okamoto 岡村=okamura 岡田=okada
岡部=okabe 岡野=okano 岩井=iwai 岩崎=iwasaki 岩本=iwamoto 岩瀬=iwase 岩田=iwata 岸=kishi
岸本=kishimoto 島崎=shimazaki 島田=shimada 嶋田=shimada 川上=kawakami 川原=kawahara 川口=kawaguchi
川島=kawashima 川崎=kawasaki 川本=kawamoto 川村=kawamura 川田=kawada 川端=kawabata 川野=kawano
工藤=kudo 市川=ichikawa 平井=hirai 平山=hirayama 平岡=hiraoka 平川=hirakawa 平松=hiramatsu
平田=hirata 平野=hirano 広瀬=hirose 広田=hirota 庄司=shoji 後藤=goto 徳永=tokunaga 徳田=tokuda
志村=shimura 成田=narita 戸田=toda 手塚=tezuka 斉藤=saito 斎藤=saito 新井=arai 新田=nitta
新谷=shintani 日野=hino 日高=hidaka 早川=hayakawa 星=hoshi 星野=hoshino 服部=hattori
望月=mochizuki 木下=kinoshita 木村=kimura 本多=honda 本田=honda 本間=homma 杉原=sugihara
杉山=sugiyama 杉本=sugimoto 杉浦=sugiura 杉田=sugita 村上=murakami 村井=murai 村山=murayama
村松=muramatsu 村瀬=murase 村田=murata 東=higashi 松下=matsushita 松井=matsui 松原=matsubara
松尾=matsuo 松山=matsuyama 松岡=matsuoka 松島=matsushima 松崎=matsuzaki 松本=matsumoto
松村=matsumura 松永=matsunaga 松浦=matsuura 松田=matsuda 松野=matsuno 林=hayashi 林田=hayashida
柏木=kashiwagi 柳沢=yanagisawa 柳田=yanagida 柴田=shibata 栗原=kurihara 栗田=kurita 根岸=negishi
根本=nemoto 桑原=kuwabara 桜井=sakurai 梅田=umeda 梶原=kajiwara 森=mori 森下=morishita
森山=moriyama 森岡=morioka 森川=morikawa 森本=morimoto 森田=morita 植田=ueda 榊原=sakakibara
榎本=enomoto 樋口=higuchi 横井=yokoi 横山=yokoyama 横田=yokota 橋本=hashimoto 武井=takei
武田=takeda 武藤=muto 比嘉=higa 水谷=mizutani 水野=mizuno 永井=nagai 永田=nagata 永野=nagano
江口=eguchi 池上=ikegami 池田=ikeda 沢田=sawada 河原=kawahara 河合=kawai 河村=kawamura 河野=kono
沼田=numata 泉=izumi 津田=tsuda 浅井=asai 浅田=asada 浅野=asano 浜田=hamada 浜野=hamano
深沢=fukasawa 清水=shimizu 渋谷=shibuya 渡辺=watanabe 渡邊=watanabe 渡部=watanabe 湯浅=yuasa
溝口=mizoguchi 滝沢=takizawa 澤田=sawada 瀬戸=seto 熊谷=kumagai 片山=katayama 片岡=kataoka
片桐=katagiri 牧野=makino 田上=tanoue 田中=tanaka 田代=tashiro 田原=tahara 田口=taguchi
田島=tajima 田村=tamura 田畑=tabata 田辺=tanabe 甲斐=kai 町田=machida 畠山=hatakeyama 白井=shirai
白石=shiraishi 相沢=aizawa 相馬=soma 矢島=yajima 矢野=yano 石井=ishii 石原=ishihara 石塚=ishizuka
石山=ishiyama 石崎=ishizaki 石川=ishikawa 石橋=ishibashi 石田=ishida 石黒=ishiguro 神田=kanda
神谷=kamiya 福井=fukui 福原=fukuhara 福岡=fukuoka 福島=fukushima 福本=fukumoto 福永=fukunaga
福田=fukuda 秋元=akimoto 秋山=akiyama 稲垣=inagaki 稲田=inada 稲葉=inaba 窪田=kubota 竹下=takeshita
竹中=takenaka 竹内=takeuchi 竹本=takemoto 竹村=takemura 竹田=takeda 笠井=kasai 笠原=kasahara
筒井=tsutsui 篠原=shinohara 篠崎=shinozaki 篠田=shinoda 米山=yoneyama 米田=yoneda 細川=hosokawa
細谷=hosoya 緒方=ogata 臼井=usui 花田=hanada 若林=wakabayashi 茂木=motegi 荒井=arai 荒川=arakawa
荒木=araki 荻野=ogino 菅=suga 菅原=sugawara 菅野=sugano 菊地=kikuchi 菊池=kikuchi 萩原=hagiwara
落合=ochiai 藤井=fujii 藤原=fujiwara 藤岡=fujioka 藤川=fujikawa 藤本=fujimoto 藤村=fujimura
藤沢=fujisawa 藤田=fujita 藤野=fujino 西=nishi 西原=nishihara 西尾=nishio 西山=nishiyama
西岡=nishioka 西川=nishikawa 西本=nishimoto 西村=nishimura 西沢=nishizawa 西田=nishida 西野=nishino
角田=tsunoda 谷=tani 谷口=taniguchi 谷川=tanigawa 谷本=tanimoto 豊田=toyoda 越智=ochi 足立=adachi
辻=tsuji 近藤=kondo 遠藤=endo 酒井=sakai 野中=nonaka 野口=noguchi 野崎=nozaki 野村=nomura
野沢=nozawa 野田=noda 金井=kanai 金城=kinjo 金子=kaneko 金沢=kanazawa 金田=kaneda 鈴木=suzuki
鎌田=kamata 長尾=nagao 長岡=nagaoka 長島=nagashima 長沢=nagasawa 長田=nagata 長谷川=hasegawa
長野=nagano 関=seki 関口=sekiguchi 関根=sekine 阿部=abe 青山=aoyama 青木=aoki 青柳=aoyagi
須田=suda 須藤=sudo 飯塚=iizuka 飯島=iijima 飯田=iida 馬場=baba 高井=takai 高山=takayama
高島=takashima 高木=takagi 高松=takamatsu 高橋=takahashi 高瀬=takase 高田=takada 高野=takano
鶴田=tsuruta 黒川=kurokawa 黒木=kuroki 黒沢=kurosawa 黒田=kuroda 齋藤=saito
`;
