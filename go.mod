module rondel

go 1.26
