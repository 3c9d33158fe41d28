module github.com/tableref/tableref

go 1.26
