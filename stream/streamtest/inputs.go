package streamtest

// Inputs returns the documents of a behaviour table's rows, in their
// order: the rows a format's tests run with Run can seed its property
// checks and fuzz targets (CheckFormat, Fuzz) as well.
func Inputs[C Row](cases []C) []string {
	docs := make([]string, len(cases))
	for i, row := range cases {
		docs[i] = Case(row).Input
	}
	return docs
}
