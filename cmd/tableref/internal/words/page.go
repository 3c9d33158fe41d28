package words

// pageWords are the status page's own words (its headings, buttons and
// hints), the English as the page writes it and each translation. The
// page asks for them (GET /api/words) and puts them in place of the
// English marked data-w; what the referee says on the page goes through
// the display's catalogue.
var pageWords = []line{
	{"Skip to the referee's word", "Vai alla parola dell'arbitro", "Zum Wort des Schiedsrichters", "Ir a la palabra del árbitro", "Ir para a palavra do árbitro"},
	{"connecting…", "connessione…", "verbinde…", "conectando…", "conectando…"},
	{"offline", "non in linea", "offline", "sin conexión", "sem conexão"},
	{"live", "in diretta", "live", "en vivo", "ao vivo"},
	{"camera", "telecamera", "Kamera", "cámara", "câmera"},
	{"Speech", "Voce", "Sprache", "Voz", "Voz"},
	{"Language", "Lingua", "Sprache", "Idioma", "Idioma"},
	{"Scores", "Punteggi", "Punkte", "Puntos", "Pontos"},
	{"Waiting for the referee…", "In attesa dell'arbitro…", "Warte auf den Schiedsrichter…", "Esperando al árbitro…", "Esperando o árbitro…"},
	{"Final standings", "Classifica finale", "Endstand", "Clasificación final", "Classificação final"},
	{"New game, same players", "Nuova partita, stessi giocatori", "Neues Spiel, gleiche Spieler", "Nueva partida, mismos jugadores", "Nova partida, mesmos jogadores"},
	{"Another game…", "Un altro gioco…", "Ein anderes Spiel…", "Otro juego…", "Outro jogo…"},
	{"Tell the referee", "Di' all'arbitro", "Sag es dem Schiedsrichter", "Dile al árbitro", "Diga ao árbitro"},
	{"Who", "Chi", "Wer", "Quién", "Quem"},
	{"↶ Undo the last verdict", "↶ Annulla l'ultimo verdetto", "↶ Letztes Urteil zurücknehmen", "↶ Deshacer el último veredicto", "↶ Desfazer o último veredito"},
	{"No button is needed in this game: the camera sees every move.", "In questo gioco non serve alcun tasto: la telecamera vede ogni mossa.", "In diesem Spiel braucht es keine Taste: die Kamera sieht jeden Zug.", "Este juego no necesita botones: la cámara ve cada jugada.", "Este jogo não precisa de botões: a câmera vê cada jogada."},
	{"Camera", "Telecamera", "Kamera", "Cámara", "Câmera"},
	{"hands over the table…", "mani sul tavolo…", "Hände über dem Tisch…", "manos sobre la mesa…", "mãos sobre a mesa…"},
	{"No camera picture yet.", "Ancora nessuna immagine.", "Noch kein Kamerabild.", "Aún no hay imagen.", "Ainda sem imagem."},
	{"Table", "Tavolo", "Tisch", "Mesa", "Mesa"},
	{"The map goes on: scroll it sideways →", "La mappa continua: scorrila di lato →", "Die Karte geht weiter: seitlich wischen →", "El mapa sigue: deslízalo de lado →", "O mapa continua: deslize para o lado →"},
	{"No cards seen yet.", "Ancora nessuna carta vista.", "Noch keine Karte gesehen.", "Aún no se ve ninguna carta.", "Nenhuma carta vista ainda."},
	{"Points in detail", "Punti in dettaglio", "Punkte im Einzelnen", "Puntos en detalle", "Pontos em detalhe"},
	{"What the referee said", "Cosa ha detto l'arbitro", "Was der Schiedsrichter sagte", "Lo que dijo el árbitro", "O que o árbitro disse"},
	{"New game", "Nuova partita", "Neues Spiel", "Nueva partida", "Nova partida"},
	{"Game", "Gioco", "Spiel", "Juego", "Jogo"},
	{"Players", "Giocatori", "Spieler", "Jugadores", "Jogadores"},
	{"Start the new game", "Inizia la nuova partita", "Neues Spiel starten", "Empezar la nueva partida", "Começar a nova partida"},
	{"The current game is kept in the journal archive.", "La partita in corso resta nell'archivio del giornale.", "Das laufende Spiel bleibt im Journal-Archiv.", "La partida en curso queda en el archivo del diario.", "A partida atual fica no arquivo do diário."},
	{"to play", "di turno", "ist dran", "juega", "joga"},
	{"wins", "vince", "gewinnt", "gana", "vence"},
	{"Nobody wins.", "Nessuno vince.", "Niemand gewinnt.", "Nadie gana.", "Ninguém vence."},
	{"game over", "partita finita", "Spiel vorbei", "partida terminada", "partida encerrada"},
	{"right", "giusto", "richtig", "bien", "certo"},
	{"wrong", "errato", "falsch", "mal", "errado"},
	{"No code read in this picture.", "Nessun codice letto in questa immagine.", "Kein Code in diesem Bild gelesen.", "Ningún código leído en esta imagen.", "Nenhum código lido nesta imagem."},
	{"{} wins!", "Vince {}!", "{} gewinnt!", "¡Gana {}!", "{} vence!"},
	{"{} share the win!", "{} vincono insieme!", "{} gewinnen gemeinsam!", "¡{} comparten la victoria!", "{} dividem a vitória!"},
	{"New game started.", "Nuova partita iniziata.", "Neues Spiel gestartet.", "Nueva partida empezada.", "Nova partida começada."},
}

// Page is the page's own words in l, keyed by their English: all of them,
// so the page can go back to English too.
func Page(l Lang) map[string]string {
	out := make(map[string]string, len(pageWords))
	for _, w := range pageWords {
		out[w.en] = w.in(l)
	}
	return out
}

func (w line) in(l Lang) string {
	switch l {
	case Italian:
		return w.it
	case German:
		return w.de
	case Spanish:
		return w.es
	case Portuguese:
		return w.pt
	}
	return w.en
}
