<?php
namespace App\Util;

use App\Models\Point;

class Callables
{
    private int $allowed = 1;

    public function keep(array $xs, string $name): array
    {
        $kept = \array_filter($xs, [$this, 'allowed']);
        //                                  ^ defined: src/Util/Callables.php:27
        \usort($kept, [self::class, 'order']);
        //                           ^ defined: src/Util/Callables.php:32
        \usort($kept, [static::class, 'order']);
        //                             ^ defined: src/Util/Callables.php:32
        $zero = \call_user_func([Point::class, 'zero']);
        //                                      ^ defined: src/Models/Point.php:15
        $d = \array_map([new Point(), 'dist'], $xs);
        //                             ^ defined: src/Models/Point.php:10
        $pair = [$name, 'allowed'];
        //               ^ none
        return $kept;
    }

    private function allowed(int $x): bool
    {
        return $x > $this->allowed;
    }

    private static function order(int $a, int $b): int
    {
        return $a <=> $b;
    }
}
