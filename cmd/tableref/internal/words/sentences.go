package words

// sentences are the engines' full sentences (rules.Event.Long: the page's
// banner and log, the history), keyed like the display's lines by the
// English with %s for a name or a part and %d for a number. A part is
// itself looked up here (a push, a circle, "north"), and a part that is a
// list ("; ") item by item, so one key serves every card and every list.
// Where English agrees in number ("1 circle", "2 circles, all") each form
// is its own key: the other languages agree differently.
var sentences = []line{
	// Where is That? Continental Shake Up (the bundled demo game).
	{"Where is That? South America, Continental Shake Up for %s. Lay 4 starting cities (white edge) map side up in the middle of the table, edge to edge, every circle right: a 2×2 block always works, the 2 northernmost on top and each row west to east. Shuffle %d city cards (%d per player) flag side up as the deck; %s starts.",
		"Where is That? South America, Continental Shake Up per %s. Posate 4 città di partenza (bordo bianco) col lato mappa in su al centro del tavolo, bordo a bordo, ogni cerchio giusto: un blocco 2×2 va sempre bene, le 2 più a nord in alto e ogni riga da ovest a est. Mescolate %d carte città (%d per giocatore) col lato bandiera in su come mazzo; inizia %s.",
		"Where is That? South America, Continental Shake Up für %s. Legt 4 Startstädte (weißer Rand) mit der Kartenseite nach oben in die Tischmitte, Kante an Kante, jeder Kreis richtig: ein 2×2-Block geht immer, die 2 nördlichsten oben und jede Reihe von West nach Ost. Mischt %d Stadtkarten (%d pro Spieler) mit der Flaggenseite nach oben als Stapel; %s beginnt.",
		"Where is That? South America, Continental Shake Up para %s. Poned 4 ciudades iniciales (borde blanco) con el lado mapa arriba en el centro de la mesa, borde con borde, cada círculo bien: un bloque de 2×2 siempre sirve, las 2 más al norte arriba y cada fila de oeste a este. Barajad %d cartas de ciudad (%d por jugador) con la bandera arriba como mazo; empieza %s.",
		"Where is That? South America, Continental Shake Up para %s. Ponham 4 cidades iniciais (borda branca) com o lado mapa para cima no centro da mesa, borda com borda, cada círculo certo: um bloco 2×2 sempre serve, as 2 mais ao norte em cima e cada fila de oeste para leste. Embaralhem %d cartas de cidade (%d por jogador) com a bandeira para cima como baralho; %s começa."},
	{"The starting map is right: %s.", "La mappa di partenza è giusta: %s.", "Die Startkarte ist richtig: %s.", "El mapa inicial está bien: %s.", "O mapa inicial está certo: %s."},
	{"The starting map holds %d cards: lay exactly 4 starting cities.", "La mappa di partenza ha %d carte: posate esattamente 4 città di partenza.", "Die Startkarte hat %d Karten: legt genau 4 Startstädte.", "El mapa inicial tiene %d cartas: poned exactamente 4 ciudades iniciales.", "O mapa inicial tem %d cartas: ponham exatamente 4 cidades iniciais."},
	{"Round %d of %d: %s draws %d cards (one per player) and lays them flag side up.", "Giro %d di %d: %s pesca %d carte (una per giocatore) e le posa col lato bandiera in su.", "Runde %d von %d: %s zieht %d Karten (eine pro Spieler) und legt sie mit der Flaggenseite nach oben aus.", "Ronda %d de %d: %s roba %d cartas (una por jugador) y las pone con la bandera arriba.", "Rodada %d de %d: %s compra %d cartas (uma por jogador) e as põe com a bandeira para cima."},
	{"%s's turn: take one of the available cards and place it flag side up.", "Tocca a %s: prendi una delle carte disponibili e posala col lato bandiera in su.", "%s ist dran: nimm eine der ausliegenden Karten und lege sie mit der Flaggenseite nach oben an.", "Turno de %s: toma una de las cartas disponibles y colócala con la bandera arriba.", "Vez de %s: pegue uma das cartas disponíveis e coloque-a com a bandeira para cima."},
	{"%s placed %s: %d circle right (%s).", "%s ha posato %s: %d cerchio giusto (%s).", "%s hat %s gelegt: %d Kreis richtig (%s).", "%s colocó %s: %d círculo bien (%s).", "%s colocou %s: %d círculo certo (%s)."},
	{"%s placed %s: %d circles, all right (%s).", "%s ha posato %s: %d cerchi, tutti giusti (%s).", "%s hat %s gelegt: %d Kreise, alle richtig (%s).", "%s colocó %s: %d círculos, todos bien (%s).", "%s colocou %s: %d círculos, todos certos (%s)."},
	{"%s placed %s: %d of its %d circles wrong: %s (right: %s). The card is discarded and scores nothing.",
		"%s ha posato %s: %d dei suoi %d cerchi errati: %s (giusti: %s). La carta va scartata e non segna punti.",
		"%s hat %s gelegt: %d ihrer %d Kreise falsch: %s (richtig: %s). Die Karte wird abgeworfen und zählt nichts.",
		"%s colocó %s: %d de sus %d círculos mal: %s (bien: %s). La carta se descarta y no puntúa.",
		"%s colocou %s: %d dos seus %d círculos errados: %s (certos: %s). A carta é descartada e não pontua."},
	{"%s placed %s: %d of its %d circles wrong: %s. The card is discarded and scores nothing.",
		"%s ha posato %s: %d dei suoi %d cerchi errati: %s. La carta va scartata e non segna punti.",
		"%s hat %s gelegt: %d ihrer %d Kreise falsch: %s. Die Karte wird abgeworfen und zählt nichts.",
		"%s colocó %s: %d de sus %d círculos mal: %s. La carta se descarta y no puntúa.",
		"%s colocou %s: %d dos seus %d círculos errados: %s. A carta é descartada e não pontua."},
	{"%s placed %s: its circle is wrong (%s). The card is discarded and scores nothing.",
		"%s ha posato %s: il suo cerchio è errato (%s). La carta va scartata e non segna punti.",
		"%s hat %s gelegt: ihr Kreis ist falsch (%s). Die Karte wird abgeworfen und zählt nichts.",
		"%s colocó %s: su círculo está mal (%s). La carta se descarta y no puntúa.",
		"%s colocou %s: o seu círculo está errado (%s). A carta é descartada e não pontua."},
	{"%s takes %d counter and has %d point.", "%s prende %d segnalino e ha %d punto.", "%s nimmt %d Zählstein und hat %d Punkt.", "%s toma %d contador y tiene %d punto.", "%s pega %d marcador e tem %d ponto."},
	{"%s takes %d counter and has %d points.", "%s prende %d segnalino e ha %d punti.", "%s nimmt %d Zählstein und hat %d Punkte.", "%s toma %d contador y tiene %d puntos.", "%s pega %d marcador e tem %d pontos."},
	{"%s takes %d counters and has %d points.", "%s prende %d segnalini e ha %d punti.", "%s nimmt %d Zählsteine und hat %d Punkte.", "%s toma %d contadores y tiene %d puntos.", "%s pega %d marcadores e tem %d pontos."},
	{"Flip %s to its map side; it stays on the map.", "Gira %s sul lato mappa; resta sulla mappa.", "Wende %s auf die Kartenseite; sie bleibt auf der Landkarte.", "Voltea %s al lado mapa; se queda en el mapa.", "Vire %s para o lado mapa; ela fica no mapa."},
	{"%s lies map side up.", "%s è col lato mappa in su.", "%s liegt mit der Kartenseite oben.", "%s está con el lado mapa arriba.", "%s está com o lado mapa para cima."},
	{"Take %s off the map; any pushed cards stay where they are now.", "Togli %s dalla mappa; le carte spinte restano dove sono ora.", "Nimm %s von der Landkarte; verschobene Karten bleiben, wo sie jetzt liegen.", "Quita %s del mapa; las cartas empujadas se quedan donde están.", "Tire %s do mapa; as cartas empurradas ficam onde estão agora."},
	{"%s is off the map.", "%s è fuori dalla mappa.", "%s ist von der Landkarte genommen.", "%s está fuera del mapa.", "%s está fora do mapa."},
	{"Pushing %s would make a wrong circle (%s): every circle after a push must have the lower number in green. Put the cards back, then place %s another way.",
		"Spingere %s farebbe un cerchio errato (%s): dopo una spinta ogni cerchio deve avere il numero più basso nel verde. Rimettete a posto le carte, poi posa %s in un altro modo.",
		"%s zu schieben ergäbe einen falschen Kreis (%s): nach dem Schieben muss in jedem Kreis die kleinere Zahl im Grün stehen. Legt die Karten zurück, dann lege %s anders.",
		"Empujar %s daría un círculo mal (%s): tras un empuje cada círculo debe tener el número menor en verde. Devolved las cartas y coloca %s de otra forma.",
		"Empurrar %s faria um círculo errado (%s): depois de um empurrão cada círculo deve ter o número menor no verde. Voltem as cartas e coloque %s de outro jeito."},
	{"The cards are back. %s, place %s again, another way.", "Le carte sono al loro posto. %s, posa di nuovo %s, in un altro modo.", "Die Karten liegen wieder. %s, lege %s noch einmal, anders.", "Las cartas han vuelto. %s, coloca %s otra vez, de otra forma.", "As cartas voltaram. %s, coloque %s de novo, de outro jeito."},
	{"%s touches %s only at a corner: a card must share an edge with a card of the map.", "%s tocca %s solo in un angolo: una carta deve avere un lato in comune con una carta della mappa.", "%s berührt %s nur an einer Ecke: eine Karte muss eine Kante mit einer Karte der Landkarte teilen.", "%s toca %s solo en una esquina: una carta debe compartir un borde con una carta del mapa.", "%s toca %s só num canto: uma carta deve partilhar uma borda com uma carta do mapa."},
	{"Game over: %s. %s wins.", "Partita finita: %s. Vince %s.", "Spiel vorbei: %s. %s gewinnt.", "Fin de la partida: %s. Gana %s.", "Fim de jogo: %s. %s vence."},

	// Parts: where a card went, a circle, a direction.
	{"%s beside the map", "%s accanto alla mappa", "%s neben die Landkarte", "%s junto al mapa", "%s ao lado do mapa"},
	{"%s after pushing %s", "%s dopo aver spinto %s", "%s nach Schieben von %s", "%s tras empujar %s", "%s depois de empurrar %s"},
	{"%s north", "%s a nord", "%s nach Norden", "%s al norte", "%s para o norte"},
	{"%s south", "%s a sud", "%s nach Süden", "%s al sur", "%s para o sul"},
	{"%s east", "%s a est", "%s nach Osten", "%s al este", "%s para leste"},
	{"%s west", "%s a ovest", "%s nach Westen", "%s al oeste", "%s para oeste"},
	{"%s north (with %s)", "%s a nord (con %s)", "%s nach Norden (mit %s)", "%s al norte (con %s)", "%s para o norte (com %s)"},
	{"%s south (with %s)", "%s a sud (con %s)", "%s nach Süden (mit %s)", "%s al sur (con %s)", "%s para o sul (com %s)"},
	{"%s east (with %s)", "%s a est (con %s)", "%s nach Osten (mit %s)", "%s al este (con %s)", "%s para leste (com %s)"},
	{"%s west (with %s)", "%s a ovest (con %s)", "%s nach Westen (mit %s)", "%s al oeste (con %s)", "%s para oeste (com %s)"},
	{"%s above %s: green %d < %d", "%s sopra %s: verde %d < %d", "%s über %s: grün %d < %d", "%s encima de %s: verde %d < %d", "%s acima de %s: verde %d < %d"},
	{"%s above %s: green %d > %d", "%s sopra %s: verde %d > %d", "%s über %s: grün %d > %d", "%s encima de %s: verde %d > %d", "%s acima de %s: verde %d > %d"},
	{"%s left of %s: green %d < %d", "%s a sinistra di %s: verde %d < %d", "%s links von %s: grün %d < %d", "%s a la izquierda de %s: verde %d < %d", "%s à esquerda de %s: verde %d < %d"},
	{"%s left of %s: green %d > %d", "%s a sinistra di %s: verde %d > %d", "%s links von %s: grün %d > %d", "%s a la izquierda de %s: verde %d > %d", "%s à esquerda de %s: verde %d > %d"},
}
