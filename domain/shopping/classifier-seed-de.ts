/**
 * German seed of the aisle classifier, written for this app (no copied list). Short heads
 * ("Brot", "Sahne", "Tomate") matter most: compounds are read by their longest known ending
 * ("Vollkornbrot" → "Brot"), so a compound is listed only where its ending would mislead:
 * "Erdnussbutter" is no dairy, and "Erdbeereis" would otherwise be read as "…reis", rice.
 */
import type { SeedAisleId } from "./aisles.js";
import { listOf } from "./word-list.js";

export const SEED_DE: Readonly<Record<SeedAisleId, readonly string[]>> = {
  produce: listOf(`
    Apfel, Äpfel, Banane, Orange, Zitrone, Limette, Trauben, Weintrauben, Erdbeeren, Heidelbeeren, Blaubeeren,
    Himbeeren, Brombeeren, Kirschen, Pfirsich, Birne, Pflaume, Aprikose, Mango, Ananas, Kiwi, Melone, Wassermelone,
    Avocado, Tomate, Gurke, Karotte, Möhre, Kartoffel, Süßkartoffel, Zwiebel, Frühlingszwiebel, Knoblauch, Ingwer,
    Brokkoli, Blumenkohl, Spinat, Salat, Kopfsalat, Eisbergsalat, Feldsalat, Rucola, Grünkohl, Kohl, Weißkohl,
    Zucchini, Aubergine, Paprika, Peperoni, Chili, Pilze, Champignons, Sellerie, Lauch, Porree, Spargel, grüne Bohnen,
    Radieschen, Rote Bete, Kürbis, Fenchel, Petersilie, Basilikum, Koriander, Minze, Dill, Schnittlauch,
    frische Kräuter, Kräuter, Obst, Gemüse, Mandarine, Clementine, Nektarine, Grapefruit, Kohlrabi, Rosenkohl,
    Pastinake, Rhabarber, Beeren, Johannisbeeren, Stachelbeeren, Suppengrün, Maiskolben, Romana, Salatherzen, Mangold,
    Pak Choi, Zuckerschoten, Okra, Schalotten, Wirsing, Chinakohl, Rettich, Steckrübe, Pfifferlinge, Austernpilze,
    Kräuterseitlinge, Granatapfel, Feigen, Physalis, Litschi, Papaya, Maracuja, Kaki, Honigmelone, Zitronengras,
    Salbei, Erbsen, Bohnen, Kresse, Sprossen, Babyspinat, Kokosnuss
  `),
  bakery: listOf(`
    Brot, Brötchen, Semmel, Schrippe, Baguette, Croissant, Kuchen, Torte, Tortillas, Wraps, Brezel, Laugenbrezel,
    Laugenbrötchen, Toastbrot, Toast, Fladenbrot, Vollkornbrot, Roggenbrot, Pumpernickel, Zwieback, Hefezopf,
    Berliner, Krapfen, Muffins, Donut, Knäckebrot, Franzbrötchen, Croissants, Stollen, Streuselkuchen, Mischbrot,
    Sandwichtoast, Ciabatta, Focaccia, Bagel, Pita, Naan, Wrap, Quarkbällchen, Plunder, Teilchen, Laugenstange,
    Stuten, Weißbrot, Bauernbrot, Schnecke, Hörnchen, Gebäck
  `),
  "dairy-eggs": listOf(`
    Milch, Vollmilch, fettarme Milch, Sahne, Schlagsahne, saure Sahne, Schmand, Crème fraîche, Butter, Käse,
    Reibekäse, Frischkäse, Hüttenkäse, Bergkäse, Gouda, Emmentaler, Mozzarella, Parmesan, Feta, Schafskäse, Joghurt,
    Naturjoghurt, Quark, Magerquark, Eier, Ei, Hafermilch, Mandelmilch, Sojamilch, Tofu, Margarine, Buttermilch,
    Kefir, Pudding, Blätterteig, Pizzateig, Hefeteig, Mürbeteig, Schmelzkäse, Skyr, Milchreis, Dickmilch, Kochsahne,
    Cremefine, Mascarpone, Ricotta, Halloumi, Camembert, Brie, Harzer, Butterschmalz, Ghee, H-Milch, Trinkjoghurt,
    Kaffeeweißer, Sojajoghurt, Käsescheiben, Teig, Rührei
  `),
  "meat-fish": listOf(`
    Hähnchen, Hähnchenbrust, Hühnchen, Huhn, Hähnchenschenkel, Pute, Putenbrust, Rindfleisch, Steak, Hackfleisch,
    Rinderhack, Gehacktes, Schweinefleisch, Kotelett, Schnitzel, Lammfleisch, Kalbfleisch, Ente, Speck, Bratwurst,
    Rostbratwürstchen, Gulasch, Geschnetzeltes, Frikadellen, Lachs, Lachsfilet, Thunfischsteak, Kabeljau, Forelle,
    Garnelen, Krabben, Muscheln, Fisch, Fischfilet, Tintenfisch, Fleisch, Rinderfilet, Schweinebauch, Hähnchenflügel,
    Seelachs, Dorade, Wild, Filet, Braten, Nacken, Keule, Rippchen, Schulter, Lende, Haxe, Brust, Schenkel, Flügel,
    Leber, Cordon bleu, Spieße, Grillfleisch, Zander, Scholle, Makrele, Pangasius, Tilapia, Calamari, Meeresfrüchte,
    Hummer, Jakobsmuscheln, Rouladen, Beinscheibe, Suppenfleisch, Nürnberger, Hering, Hack, Geflügel, Kasseler
  `),
  deli: listOf(`
    Schinken, Kochschinken, Salami, Aufschnitt, Wurst, Putenaufschnitt, Mortadella, Leberwurst, Wiener,
    Wiener Würstchen, Würstchen, Frankfurter, Hummus, Dip, Oliven, Antipasti, Kartoffelsalat, Nudelsalat, Krautsalat,
    Fleischsalat, Räucherlachs, Pesto, Fleischwurst, Teewurst, Mettwurst, Lyoner, Bierschinken, Leberkäse, Tzatziki,
    Guacamole, getrocknete Tomaten, Aufstrich, Brotaufstrich, Cabanossi, Krakauer, Matjes, Eiersalat, Thunfischsalat,
    Geflügelsalat, Heringssalat, Wurstsalat, Serrano, Bresaola, Pastrami, Roastbeef, Sülze, Blutwurst, Salsa,
    Aufschnittplatte, Schinkenwurst, Weißwurst, Currywurst, Schmalz, Obatzda, Fleischkäse, Rollmops
  `),
  frozen: listOf(`
    Eis, Speiseeis, Eiscreme, Erdbeereis, Vanilleeis, Schokoeis, Tiefkühlpizza, Fischstäbchen, Eiswürfel, Pommes,
    Pommes frites, Kroketten, Rahmspinat, Tiefkühlgemüse, Eis am Stiel, Kaiserschmarrn, Backfisch, Germknödel,
    Tiefkühlbeeren, Kräuterbaguette, Bratkartoffeln, Pizza, Rösti, Kartoffelpuffer, Gemüsepfanne, Pfannengemüse,
    Schlemmerfilet, Eiskonfekt, Sorbet, Wassereis, Fertiggericht, Tiefkühlkost, Edamame, Frühlingsrollen, Maultaschen
  `),
  "canned-jarred": listOf(`
    Dosentomaten, stückige Tomaten, gehackte Tomaten, Tomatenmark, passierte Tomaten, Passata, weiße Bohnen,
    Kidneybohnen, Kichererbsen, Mais, Thunfisch, Sardinen, Suppe, Eintopf, Gewürzgurken, Essiggurken, Sauerkraut,
    Kokosmilch, Pfirsiche in der Dose, Kapern, Rotkohl, Apfelmus, Ravioli, Konserve, Dosensuppe, Erbsen und Möhren,
    Kondensmilch, Dosenmilch, Gurken im Glas, Sardellen, Linsensuppe, Ananasstücke, Cornichons, Rotkraut,
    Pizzatomaten, Rote Bete im Glas, Champignons in der Dose, Dosenobst, Mandarinen in der Dose, Bohneneintopf,
    Gulaschsuppe, Ravioli aus der Dose, Würstchen im Glas, Preiselbeeren, Kompott, Senfgurken
  `),
  "pasta-rice-grains": listOf(`
    Nudeln, Spaghetti, Penne, Fusilli, Makkaroni, Lasagneplatten, Bandnudeln, Tagliatelle, Spätzle, Eiernudeln,
    Reisnudeln, Reis, Basmatireis, Jasminreis, Vollkornreis, Risottoreis, Couscous, Quinoa, Linsen, rote Linsen,
    getrocknete Bohnen, Bulgur, Graupen, Hirse, Polenta, Gnocchi, Tortellini, Buchweizen, Grieß, Hartweizengrieß,
    Schupfnudeln, Farfalle, Rigatoni, Spirelli, Linguine, Glasnudeln, Mie-Nudeln, Wildreis, Sushireis, Amaranth,
    Dinkel, Kartoffelpüree, Kartoffelbrei, Knödel, Klöße, Semmelknödel, Kartoffelknödel, Instantnudeln, Getreide
  `),
  baking: listOf(`
    Mehl, Weizenmehl, Dinkelmehl, Vollkornmehl, Zucker, brauner Zucker, Puderzucker, Rohrzucker, Hefe, Trockenhefe,
    Backpulver, Natron, Vanillezucker, Vanilleextrakt, Kakaopulver, Kakao, Schokotropfen, Zuckerguss, Kuvertüre,
    Speisestärke, Stärke, Paniermehl, Semmelbrösel, Streusel, Backmischung, Gelatine, gemahlene Mandeln, Marzipan,
    Lebensmittelfarbe, Backpapier, Muffinförmchen, Zuckerstreusel, Tortenguss, Agar Agar, Hagelzucker, Sahnesteif,
    Puddingpulver, Backaroma, Zitronat, Orangeat, Mandelblättchen, Kokosraspeln, Schokostreusel, Vanilleschote,
    Backoblaten, Leinsamen, Sesam, Sonnenblumenkerne, Kürbiskerne, Chiasamen, Kerne, Samen, Mohn, Süßstoff,
    Kuchenglasur, Dekor
  `),
  "breakfast-cereal": listOf(`
    Müsli, Cornflakes, Haferflocken, Flocken, Porridge, Haferbrei, Frühstücksflocken, Granola, Knuspermüsli,
    Marmelade, Konfitüre, Gelee, Honig, Erdnussbutter, Nussnougatcreme, Schokocreme, Nutella, Ahornsirup, Sirup,
    Zuckerrübensirup, Pfannkuchenmischung, Mandelmus, Cerealien, Nougatcreme, Nuss-Nougat-Creme, Haselnusscreme,
    Erdnusscreme, Aufstrich süß, Hafer, Schokomüsli, Frühstückscerealien, Agavendicksaft
  `),
  "snacks-sweets": listOf(`
    Chips, Kartoffelchips, Tortillachips, Cracker, Salzstangen, Schokolade, Schokoriegel, Süßigkeiten, Bonbons, Kekse,
    Keks, Plätzchen, Nüsse, Erdnüsse, Mandeln, Cashewkerne, Walnüsse, Haselnüsse, Pistazien, Studentenfutter,
    Trockenobst, Rosinen, Popcorn, Gummibärchen, Fruchtgummi, Lakritz, Lutscher, Marshmallows, Müsliriegel,
    Reiswaffeln, Kaugummi, Pralinen, Waffeln, Flips, Erdnussflips, Datteln, Schokoküsse, Riegel, Nachos, Salzbrezeln,
    Lebkuchen, Spekulatius, Dominosteine, Printen, Cashews, Macadamia, Pekannüsse, Trockenfrüchte, Lakritze, Karamell,
    Toffee, Snacks, Knabberzeug, Süßes, Bonbon, Kaubonbons, Schokobons, Nussmischung, Waffelröllchen, Kartoffelsticks,
    Goldbären, Haribo, Milka, Kinderschokolade
  `),
  beverages: listOf(`
    Wasser, Mineralwasser, Sprudel, stilles Wasser, Saft, Orangensaft, Apfelsaft, Apfelschorle, Schorle, Limo,
    Limonade, Cola, Bier, Wein, Rotwein, Weißwein, Sekt, Prosecco, Wodka, Schnaps, Korn, Likör, Kaffee, Kaffeebohnen,
    gemahlener Kaffee, Espresso, Tee, Grüner Tee, Kräutertee, Früchtetee, Eistee, Energydrink, Tonic, Radler,
    Weizenbier, Alkoholfreies Bier, Kaffeepads, Kaffeekapseln, Smoothie, Sprite, Fanta, Spezi, Glühwein, Malzbier,
    Getränke, Helles, Teebeutel, Kaffeepulver, Instantkaffee, Cappuccino, Kakaogetränk, Trinkschokolade, Mate,
    Ginger Ale, Bitter Lemon, Whisky, Rum, Gin, Aperol, Campari, Champagner, Rosé, Apfelwein, Cidre, Federweißer,
    Getränk, Drink, Sprudelwasser, Tafelwasser, Saftschorle, Eiskaffee, Coca-Cola, Spirituosen
  `),
  "condiments-spices": listOf(`
    Salz, Pfeffer, Paprikapulver, Kreuzkümmel, Zimt, Oregano, Thymian, Rosmarin, Currypulver, Chiliflocken,
    Muskatnuss, Kurkuma, Lorbeerblätter, Gewürze, getrocknete Kräuter, Olivenöl, Rapsöl, Sonnenblumenöl, Öl, Essig,
    Balsamico, Ketchup, Senf, Mayonnaise, Mayo, Sojasoße, Sojasauce, Brühe, Gemüsebrühe, Brühwürfel, Fond, Soße,
    Sauce, Grillsauce, Dressing, Salatdressing, Kräutersalz, Gewürzmischung, Pfefferkörner, Meerrettich, Sambal Oelek,
    Tahin, Remoulade, Bratensoße, Worcestersauce, Currypaste, Sesamöl, Knoblauchpulver, Pulver, Gewürz, Knoblauchsalz,
    Lorbeer, Nelken, Kardamom, Piment, Majoran, Bohnenkraut, Estragon, Liebstöckel, Fischsoße, Austernsoße, Hoisin,
    Teriyaki, Sriracha, Tabasco, Aioli, Hollandaise, Salatcreme, Würze, Maggi, Bouillon, Apfelessig, Leinöl, Kokosöl,
    Frittierfett, Chilisoße, Senfkörner, Marinade, Chutney, Wasabi, Harissa, Miso, Zimtstangen, Gewürzgurkensud, Ajvar
  `),
  "household-cleaning": listOf(`
    Waschmittel, Spülmittel, Geschirrspültabs, Spülmaschinentabs, Schwamm, Schwämme, Müllbeutel, Müllsäcke,
    Küchenrolle, Küchenpapier, Toilettenpapier, Klopapier, Alufolie, Frischhaltefolie, Batterien, Glühbirne,
    Leuchtmittel, Bleiche, Allzweckreiniger, Reiniger, Glasreiniger, Weichspüler, Servietten, Taschentücher, Kerzen,
    Streichhölzer, Gefrierbeutel, Putzmittel, Gummihandschuhe, Lufterfrischer, WC-Reiniger, Entkalker, Spültücher,
    Putzlappen, Feuerzeug, Backofenreiniger, Klarspüler, Spülschwamm, Geschirrtuch, Tuch, Wäscheklammern,
    Kaffeefilter, Teelichter, Grillkohle, Anzünder, Klebeband, Staubsaugerbeutel, Mülltüten, Beutel, Tüten, Folie,
    Fleckentferner, Waschpulver, Tabs, Spülmaschinentabletten, Spülmaschinensalz, Desinfektionsmittel, Pappteller,
    Plastikbecher, Strohhalme, Frischhaltedosen, Spülbürste, Scheuermilch, Stahlwolle, Insektenspray, Mausefalle,
    Tempo
  `),
  "personal-care": listOf(`
    Shampoo, Spülung, Seife, Flüssigseife, Duschgel, Zahnpasta, Zahncreme, Zahnbürste, Zahnseide, Mundspülung, Deo,
    Deodorant, Rasierer, Rasierklingen, Rasierschaum, Wattepads, Wattestäbchen, Schmerztabletten, Schmerzmittel,
    Ibuprofen, Paracetamol, Aspirin, Medikamente, Tabletten, Pflaster, Sonnencreme, Sonnenmilch, Tampons, Binden,
    Slipeinlagen, Bodylotion, Creme, Handcreme, Lippenpflege, Haargel, Haarspray, Vitamine, Hustensaft, Nagellack,
    Kondome, Feuchttücher, Abschminktücher, Duschbad, Lippenstift, Mascara, Make-up, Puder, Nagelfeile, Haarbürste,
    Kamm, Haargummis, Gesichtswasser, Mizellenwasser, Rasierwasser, Mundwasser, Deospray, Deoroller, Sonnenspray,
    Nasenspray, Augentropfen, Hustenbonbons, Magnesium, Verband, Haarfarbe, Parfüm, Rasiergel, Gesichtscreme,
    Tagescreme, Nachtcreme, Zahnbürstenköpfe, Kopfschmerztabletten, Hygieneartikel
  `),
  "baby-pet": listOf(`
    Windeln, Babynahrung, Babybrei, Gläschen, Feuchttücher für Babys, Babytücher, Pre-Milch, Säuglingsnahrung,
    Folgemilch, Schnuller, Fläschchen, Katzenfutter, Hundefutter, Katzenstreu, Leckerlis, Hundeleckerli,
    Katzenleckerli, Vogelfutter, Fischfutter, Nassfutter, Trockenfutter, Tierfutter, Kauknochen, Babyshampoo, Babyöl,
    Wundschutzcreme, Pampers, Quetschie, Milchnahrung, Kotbeutel, Hundekotbeutel, Katzenmilch, Hundesnacks,
    Katzensnacks, Babypuder, Babycreme, Lätzchen, Welpenfutter, Hundespielzeug, Katzenspielzeug, Vogelsand,
    Nagerfutter, Heu, Einstreu
  `),
};
