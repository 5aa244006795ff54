module rondel

go 1.26

require (
	github.com/BurntSushi/toml v1.5.0
	github.com/PuerkitoBio/goquery v1.10.3
	github.com/emersion/go-imap/v2 v2.0.0-beta.8
	github.com/emersion/go-msgauth v0.7.0
	github.com/emersion/go-smtp v0.24.0
	github.com/google/go-cmp v0.7.0
	github.com/jackc/pgx/v5 v5.7.5
	github.com/labstack/echo/v5 v5.3.1
	github.com/mattn/go-sqlite3 v1.14.22
	github.com/nicksnyder/go-i18n/v2 v2.6.0
	github.com/pressly/goose/v3 v3.26.0
	github.com/robfig/cron/v3 v3.0.1
	github.com/wneessen/go-mail v0.7.2
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/image v0.44.0
	golang.org/x/net v0.57.0
	golang.org/x/text v0.40.0
	gorm.io/driver/postgres v1.6.0
	gorm.io/driver/sqlite v1.6.0
	gorm.io/gorm v1.31.1
	pgregory.net/rapid v1.2.0
)

require (
	github.com/andybalholm/cascadia v1.3.3 // indirect
	github.com/emersion/go-message v0.18.2 // indirect
	github.com/emersion/go-sasl v0.0.0-20241020182733-b788ff22d5a6 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.2 // indirect
	github.com/jinzhu/inflection v1.0.0 // indirect
	github.com/jinzhu/now v1.1.5 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/mfridman/interpolate v0.0.2 // indirect
	github.com/sethvargo/go-retry v0.3.0 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	golang.org/x/crypto v0.54.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
)
