<?php

namespace App\Models;

// a fluent builder: each call's receiver is the previous call's result, a created object or a static
// factory's
class Query
{
    public function where(string $field): Query { return $this; }
    public function limit(int $count): static { return $this; }
    public function page(int $size): self { return $this; }
    public function build(): string { return ""; }
    public static function make(): Query { return new Query(); }

    public static function report(): string
    {
        return (new Query())->where("a")->limit(10)->page(2)->where("b")->build();
        //                    ^ defined: src/Models/Query.php:9
        //                                           ^ defined: src/Models/Query.php:11
        //                                                                ^ defined: src/Models/Query.php:12
    }

    public static function started(): string
    {
        return self::make()->where("a")->limit(1)->build();
        //                   ^ defined: src/Models/Query.php:9
        //                                         ^ defined: src/Models/Query.php:12
    }
}
