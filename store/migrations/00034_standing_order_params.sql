-- Standing orders now come from the games (game.OrderSpec): an order that
-- names a nation stores the nation's id (FR), no longer the words the
-- player typed (France). A name that matched one of its game's nations
-- exactly, the only kind that ever answered a decision, becomes the id;
-- any other text stays as it was, shown as typed, for the player to
-- remove. Orders a game does not offer, which never answered anything
-- there, are removed: Imperial's orders in other games, and canal passage
-- in Imperial, whose board has no canal.

-- +goose Up
UPDATE OR IGNORE standing_orders SET arg = CASE arg
        WHEN 'Austria-Hungary' THEN 'AH' WHEN 'Italy' THEN 'IT' WHEN 'France' THEN 'FR'
        WHEN 'Great Britain' THEN 'GB' WHEN 'German Empire' THEN 'GE' WHEN 'Russia' THEN 'RU' END
    WHERE kind IN ('never-battle', 'grant-canal')
      AND arg IN ('Austria-Hungary', 'Italy', 'France', 'Great Britain', 'German Empire', 'Russia')
      AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial');

UPDATE OR IGNORE standing_orders SET arg = CASE arg
        WHEN 'Russia' THEN 'RU' WHEN 'China' THEN 'CN' WHEN 'India' THEN 'IN'
        WHEN 'Brazil' THEN 'BR' WHEN 'USA' THEN 'US' WHEN 'Europe' THEN 'EU' END
    WHERE kind IN ('never-battle', 'grant-canal')
      AND arg IN ('Russia', 'China', 'India', 'Brazil', 'USA', 'Europe')
      AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial2030');

-- A name left now was skipped above because the seat also held the order
-- with the id (typed both ways): the two are one order.
DELETE FROM standing_orders
    WHERE kind IN ('never-battle', 'grant-canal')
      AND ((arg IN ('Austria-Hungary', 'Italy', 'France', 'Great Britain', 'German Empire', 'Russia')
            AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial'))
        OR (arg IN ('Russia', 'China', 'India', 'Brazil', 'USA', 'Europe')
            AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial2030')));

DELETE FROM standing_orders
    WHERE kind IN ('never-battle', 'force-investor', 'grant-canal')
      AND game_id NOT IN (SELECT id FROM games WHERE game_id IN ('imperial', 'imperial2030'));

DELETE FROM standing_orders
    WHERE kind = 'grant-canal' AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial');

-- +goose Down
-- Back to the names; the orders removed above do not come back.
UPDATE OR IGNORE standing_orders SET arg = CASE arg
        WHEN 'AH' THEN 'Austria-Hungary' WHEN 'IT' THEN 'Italy' WHEN 'FR' THEN 'France'
        WHEN 'GB' THEN 'Great Britain' WHEN 'GE' THEN 'German Empire' WHEN 'RU' THEN 'Russia' END
    WHERE kind IN ('never-battle', 'grant-canal') AND arg IN ('AH', 'IT', 'FR', 'GB', 'GE', 'RU')
      AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial');

UPDATE OR IGNORE standing_orders SET arg = CASE arg
        WHEN 'RU' THEN 'Russia' WHEN 'CN' THEN 'China' WHEN 'IN' THEN 'India'
        WHEN 'BR' THEN 'Brazil' WHEN 'US' THEN 'USA' WHEN 'EU' THEN 'Europe' END
    WHERE kind IN ('never-battle', 'grant-canal') AND arg IN ('RU', 'CN', 'IN', 'BR', 'US', 'EU')
      AND game_id IN (SELECT id FROM games WHERE game_id = 'imperial2030');
