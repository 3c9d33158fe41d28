package mapit

// defaultCatalogue is the World deck (wired to package geo when it lands).
func defaultCatalogue() Catalogue { return nil }
