<?php
namespace App\Tally;

use App\Models\{Point, Circle as Round};
//              ^ import: src/Models/Point.php:4
//                     ^ import: src/Models/Circle.php:4
use App\Util\Logger;
//           ^ import: src/Util/Logger.php:4
use function App\Util\format_num;
//                    ^ import: src/Util/functions.php:4

const LIMIT = 10;

function helper(int $n, callable $f): int
//                   ^ declares: parameter
//                                ^ declares: parameter
{
    $limit = LIMIT;
//   ^ declares: variable
    //       ^ value: src/Tally/Counter.php:12
    return $f($n + $limit);
    //      ^ local: 14
    //         ^ local: 14
    //              ^ local: 18
}

class Counter
{
    const STEP = 2;
    public static int $made = 0;
    private int $count = 0;
    private Point $origin;
    public int $total = 0;

    public function __construct(private Logger $log, int $start = 0)
    //                                          ^ declares: parameter
    //                                                    ^ declares: parameter
    {
        $this->count = $start;
        //     ^ write: src/Tally/Counter.php:31
        //              ^ local: 35
        self::$made++;
        //     ^ write: src/Tally/Counter.php:30
        $this->origin = Point::zero();
        //     ^ write: src/Tally/Counter.php:32
        //              ^ value: src/Models/Point.php:4
        //                     ^ defined: src/Models/Point.php:15
        $this->log->log('made');
        //     ^ value: src/Tally/Counter.php:35
        //          ^ defined: src/Util/Logger.php:6
    }

    public function add(array $items): int
    {
        $total = $this->count + self::STEP + static::STEP + Counter::STEP;
//       ^ declares: variable
        //              ^ value: src/Tally/Counter.php:31
        //                            ^ value: src/Tally/Counter.php:29
        //                                           ^ value: src/Tally/Counter.php:29
        //                                                  ^ value: src/Tally/Counter.php:27
        //                                                           ^ value: src/Tally/Counter.php:29
        foreach ($items as $key => $item) {
        //        ^ local: 53
        //                  ^ declares: variable
        //                          ^ declares: variable
            $total += $item;
//           ^ local: 55
            //         ^ local: 62
        }
        $this->total = $total;
        //     ^ write: src/Tally/Counter.php:33
        //              ^ local: 55
        $scale = fn($x) => $x * $total;
        //           ^ declares: parameter
        //                  ^ local: 73
        //                       ^ local: 55
        $report = function (int $x) use ($total, $key): int {
        //                       ^ declares: parameter
        //                                ^ local: 55
        //                                        ^ local: 62
            return $x + $total;
            //      ^ local: 77
            //           ^ local: 55
        };
        try {
            $this->log->log((string) $scale($total));
            //     ^ value: src/Tally/Counter.php:35
            //          ^ defined: src/Util/Logger.php:6
            //                        ^ local: 73
        } catch (\RuntimeException $e) {
        //                          ^ declares: variable
            $this->log->log($e->getMessage());
            //               ^ local: 90
        }
        [$first, $second] = $items;
        //^ declares: variable
        //        ^ declares: variable
        $p = new Point(1.0, 2.0);
        $p->x = $p->y + $first;
//       ^ local: 98
        //  ^ write: src/Models/Point.php:6
        //          ^ value: src/Models/Point.php:6
        //               ^ local: 95
        $this->origin->x = 0.0;
        //     ^ value: src/Tally/Counter.php:32
        //             ^ write: src/Models/Point.php:6
        $first = $second;
//       ^ local: 95
        $callback = [$this, 'add'];
        //            ^ none
        //                   ^ defined: src/Tally/Counter.php::App.Tally.Counter.add
        return $total + $report(1) + helper($second, 'App\Util\format_num');
        //      ^ local: 55
        //               ^ local: 77
        //                           ^ defined: src/Tally/Counter.php:14
        //                                   ^ local: 95
    }

    public function shadow(int $count): int
    {
        $origin = $this->origin;
//       ^ declares: variable
        //               ^ value: src/Tally/Counter.php:32
        return $count + $this->count + $origin->x;
        //      ^ local: 119
        //                     ^ value: src/Tally/Counter.php:31
        //                              ^ local: 121
        //                                      ^ value: src/Models/Point.php:6
    }

    public static function make(): self
    {
        $made = self::$made;
//       ^ declares: variable
        //             ^ value: src/Tally/Counter.php:30
        static::$made = $made + 1;
        //       ^ write: src/Tally/Counter.php:30
        //               ^ local: 133
        return new static();
    }
}
